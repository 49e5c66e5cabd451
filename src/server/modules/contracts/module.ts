import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import { createBoq } from "./boq.js";
import { createMoneyGuard } from "./money-guard.js";
import { paymentStageRoutes } from "./payment-stage-routes.js";
import { createPaymentStages } from "./payment-stages.js";
import { contractRoutes } from "./routes.js";

export type ContractsModuleOptions = { db: AppDb; requireUser: RequireUser };

/** A project's contract and its money under /api (docs/decisions/140-boq-and-contract.md). */
export async function contractsModule(app: FastifyInstance, { db, requireUser }: ContractsModuleOptions) {
  const guard = createMoneyGuard(db);
  await app.register(contractRoutes, { boq: createBoq({ db, guard }), requireUser });
  await app.register(paymentStageRoutes, { paymentStages: createPaymentStages({ db, guard }), requireUser });
}

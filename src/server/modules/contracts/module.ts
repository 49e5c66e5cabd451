import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import { createBoq } from "./boq.js";
import { createMoneyGuard } from "./money-guard.js";
import { paymentStageRoutes } from "./payment-stage-routes.js";
import { createPaymentStages } from "./payment-stages.js";
import { contractRoutes } from "./routes.js";
import { createValuationCertificates } from "./valuation-certificate.js";
import { valuationRoutes } from "./valuation-routes.js";
import { createValuations } from "./valuations.js";
import { variationRoutes } from "./variation-routes.js";
import { createVariations, type ProveIdentity } from "./variations.js";

export type ContractsModuleOptions = {
  db: AppDb;
  requireUser: RequireUser;
  /** The auth module's fresh proof (its step-up), asked before a client approves a variation. */
  prove: ProveIdentity;
  /** The projects' documents: an approved variation's record is filed there. */
  documentStorage: ObjectStore;
  /** The projects' photos: a valuation certificate draws its lines' evidence from them. */
  photoStorage: FileStorage;
};

/** A project's contract and its money under /api (docs/decisions/140-boq-and-contract.md). */
export async function contractsModule(
  app: FastifyInstance,
  { db, requireUser, prove, documentStorage, photoStorage }: ContractsModuleOptions,
) {
  const guard = createMoneyGuard(db);
  await app.register(contractRoutes, { boq: createBoq({ db, guard }), requireUser });
  await app.register(variationRoutes, {
    variations: createVariations({ db, guard, prove, documents: documentStorage, log: app.log }),
    requireUser,
  });
  const valuations = createValuations({ db, guard });
  await app.register(valuationRoutes, {
    valuations,
    certificates: createValuationCertificates({ db, valuations, photoStorage }),
    requireUser,
  });
  await app.register(paymentStageRoutes, { paymentStages: createPaymentStages({ db, guard }), requireUser });
}

import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import { officeRoutes } from "./routes.js";
import { createOfficeService } from "./service.js";

export type OfficeModuleOptions = { db: AppDb; requireUser: RequireUser };

/** The office overview's API under /api. */
export async function officeModule(app: FastifyInstance, { db, requireUser }: OfficeModuleOptions) {
  await app.register(officeRoutes, { office: createOfficeService(db), requireUser });
}

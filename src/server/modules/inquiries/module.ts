import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import { inquiriesRoutes } from "./routes.js";
import { createInquiriesService } from "./service.js";

export type InquiriesModuleOptions = {
  db: AppDb;
  notify: Parameters<typeof createInquiriesService>[0]["notify"];
  requireUser: RequireUser;
};

/** The contact inquiries inbox under /api: listing, assigning, answering, turning an inquiry into a project. */
export async function inquiriesModule(app: FastifyInstance, { db, notify, requireUser }: InquiriesModuleOptions) {
  await app.register(inquiriesRoutes, { inquiries: createInquiriesService({ db, notify }), requireUser });
}

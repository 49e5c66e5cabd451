import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { Mailer } from "../../platform/mail.js";
import { contactRoutes } from "./routes.js";
import { createContactService } from "./service.js";

export type ContactModuleOptions = { db: AppDb; mailer: Mailer; inbox: string; publicOrigin: string };

/** The contact form's API under /api: stores each inquiry and emails the office's inbox. */
export async function contactModule(app: FastifyInstance, options: ContactModuleOptions) {
  await app.register(contactRoutes, { contact: createContactService(options) });
}

import type { FastifyInstance } from "fastify";
import type { RequireUser } from "../../platform/authenticate.js";
import { notificationsRoutes } from "./routes.js";
import type { NotificationsService } from "./service.js";

export type NotificationsModuleOptions = {
  /** Made by the app: the modules that tell people of something (projects, messages, calls, inquiries) share it. */
  notifications: NotificationsService;
  requireUser: RequireUser;
  /** Open security alerts, counted on admins' bell (the security centre's). */
  openSecurityAlerts: () => Promise<number>;
};

/** The bell's API under /api. */
export async function notificationsModule(app: FastifyInstance, options: NotificationsModuleOptions) {
  await app.register(notificationsRoutes, options);
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Company } from "../../../shared/content.js";
import type { AppDb } from "../../db/client.js";
import type { MailTransportCheck } from "../../platform/mail.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import { createAdminAccounts } from "./accounts.js";
import { createAnnouncements } from "./announcements.js";
import { listAuditLog } from "./audit-log.js";
import { adminDashboard } from "./dashboard.js";
import { adminHealth, type HealthDeps } from "./health.js";
import { adminRoutes } from "./routes.js";
import { createAdminSettings } from "./settings.js";

export type AdminModuleOptions = {
  db: AppDb;
  /** Queries that can be long (the dashboard's counts over every table), with their own limit (Database.longDb). */
  longDb: AppDb;
  hub: RealtimeHub;
  storage: FileStorage;
  uploadsStore: ObjectStore;
  mail: MailTransportCheck;
  pingRedis: HealthDeps["pingRedis"];
  /** The public company details as the public pages show them now (the content module's). */
  company: () => Promise<Company>;
  notify: Parameters<typeof createAnnouncements>[0]["notify"];
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** The administration API under /api: accounts, dashboard, health, settings, audit log, announcements. */
export async function adminModule(app: FastifyInstance, options: AdminModuleOptions) {
  const { db, hub } = options;
  await app.register(adminRoutes, {
    accounts: createAdminAccounts({ db, hub, storage: options.storage }),
    settings: createAdminSettings({ db, company: options.company }),
    announcements: createAnnouncements({ db, notify: options.notify }),
    dashboard: () => adminDashboard(options.longDb),
    health: () => adminHealth({ db, uploadsStore: options.uploadsStore, mail: options.mail, pingRedis: options.pingRedis }),
    auditLog: (query) => listAuditLog(db, query),
    requireUser: options.requireUser,
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { canReadAnnouncements } from "../../../shared/access.js";
import {
  type AdminDashboard,
  type AdminHealth,
  type AuditPage,
  adminMessages,
  announcementSchema,
  auditQuerySchema,
  blockSchema,
  departmentChangeSchema,
  roleChangeSchema,
  siteSettingsSchema,
} from "../../../shared/admin.js";
import { pageNumber } from "../../../shared/fields.js";
import { currentUser, currentViewer, requireAccess, requireRole } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { accountIdParams } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import type { AdminAccounts } from "./accounts.js";
import type { createAnnouncements } from "./announcements.js";
import type { AdminActor } from "./audit-log.js";
import type { createAdminSettings } from "./settings.js";

const pageQuery = z.object({ page: pageNumber.max(10_000, "Page must be 10000 or less.").default(1) });

export type AdminRoutesOptions = {
  accounts: AdminAccounts;
  settings: ReturnType<typeof createAdminSettings>;
  announcements: ReturnType<typeof createAnnouncements>;
  dashboard: () => Promise<AdminDashboard>;
  health: () => Promise<AdminHealth>;
  auditLog: (query: z.output<typeof auditQuerySchema>) => Promise<AuditPage>;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const actorOf = (request: FastifyRequest): AdminActor => ({ id: currentUser(request).userId, ipAddress: request.ip });

/** docs/api.md#administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff: the admin endpoints, audit log and announcements: admins only, every change audited. */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions) {
  const { accounts, settings, announcements, requireUser } = options;
  const adminOnly = { preValidation: [requireUser, requireRole("admin")] };
  // A generous ceiling for people at work, a wall for a script run with a stolen admin session.
  const adminChange = { ...adminOnly, config: perUserLimit(120, 1) };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put("/admin/users/:id/role", { ...adminChange, schema: { params: accountIdParams, body: roleChangeSchema } }, async (request) => {
    const { id } = request.params;
    const { role } = request.body;
    return ok(await accounts.changeRole(actorOf(request), id, role), adminMessages.roleChanged);
  });

  routes.put(
    "/admin/users/:id/department",
    { ...adminChange, schema: { params: accountIdParams, body: departmentChangeSchema } },
    async (request) => {
      const { id } = request.params;
      const { department } = request.body;
      return ok(await accounts.changeDepartment(actorOf(request), id, department), adminMessages.departmentChanged);
    },
  );

  routes.post("/admin/users/:id/block", { ...adminChange, schema: { params: accountIdParams, body: blockSchema } }, async (request) => {
    const { id } = request.params;
    const { blocked, reason } = request.body;
    const result = await accounts.setBlocked(actorOf(request), id, blocked, reason);
    return ok(result, blocked ? adminMessages.blocked : adminMessages.unblocked);
  });

  routes.delete("/admin/users/:id", { ...adminChange, schema: { params: accountIdParams } }, async (request) => {
    const { id } = request.params;
    return ok(await accounts.deleteUser(actorOf(request), id), adminMessages.deleted);
  });

  app.get("/admin/dashboard", adminOnly, async () => ok(await options.dashboard()));
  app.get("/admin/health", adminOnly, async () => ok(await options.health()));

  app.get("/admin/settings", adminOnly, async () => ok(await settings.current()));
  routes.put("/admin/settings", { ...adminChange, schema: { body: siteSettingsSchema } }, async (request) =>
    ok(await settings.update(actorOf(request), request.body), adminMessages.settingsSaved),
  );

  routes.get("/admin/audit-log", { ...adminOnly, schema: { querystring: auditQuerySchema } }, async (request) =>
    ok(await options.auditLog(request.query)),
  );

  routes.post("/admin/announcements", { ...adminChange, schema: { body: announcementSchema } }, async (request, reply) => {
    const sent = await announcements.send(actorOf(request), request.body);
    reply.code(201);
    return ok(sent, adminMessages.announcementSent);
  });

  // The announcements a staff member was sent (admins: all of them).
  routes.get(
    "/announcements",
    { preValidation: [requireUser, requireAccess(canReadAnnouncements)], schema: { querystring: pageQuery } },
    async (request) => ok(await announcements.list(currentViewer(request), request.query.page)),
  );
}

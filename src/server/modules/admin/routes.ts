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
import {
  accountDeleted,
  adminDashboard,
  adminHealth,
  announcement,
  announcementPage,
  auditPage,
  blockChanged,
  departmentChanged,
  roleChanged,
  siteSettings,
} from "../../../shared/answers/admin.js";
import { pageNumber } from "../../../shared/fields.js";
import { envelope } from "../../platform/api-schemas.js";
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
  routes.put(
    "/admin/users/:id/role",
    {
      ...adminChange,
      schema: {
        description:
          "`{ role }` (`admin`, `staff`, `user`) → `{ id, role, department, department_code }`; a client made staff gets a department code, staff made a client go back to General Users; the new role holds from the person's next request",
        summary: "Change an account's role",
        params: accountIdParams,
        body: roleChangeSchema,
        response: { 200: envelope(roleChanged) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { role } = request.body;
      return ok(await accounts.changeRole(actorOf(request), id, role), adminMessages.roleChanged);
    },
  );

  routes.put(
    "/admin/users/:id/department",
    {
      ...adminChange,
      schema: {
        description:
          "`{ department }` → `{ id, department, department_code }`: a new code in the [department code](product.md#departments) format (`PR48213`); their next sign-in lands on the new department's dashboard; 409 for a client",
        summary: "Move a staff account to another department",
        params: accountIdParams,
        body: departmentChangeSchema,
        response: { 200: envelope(departmentChanged) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { department } = request.body;
      return ok(await accounts.changeDepartment(actorOf(request), id, department), adminMessages.departmentChanged);
    },
  );

  routes.post(
    "/admin/users/:id/block",
    {
      ...adminChange,
      schema: {
        description:
          "`{ blocked: true\\|false, reason? }` → `{ id, active }`. Blocking ends every session: the person's next request, refresh and open WebSocket (closed with 4401) answer 401 'Account is deactivated' on every instance, and their open tab goes to /login saying so. Unblocking lets them sign in again; the ended sessions stay ended",
        summary: "Block or unblock an account",
        params: accountIdParams,
        body: blockSchema,
        response: { 200: envelope(blockChanged) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { blocked, reason } = request.body;
      const result = await accounts.setBlocked(actorOf(request), id, blocked, reason);
      return ok(result, blocked ? adminMessages.blocked : adminMessages.unblocked);
    },
  );

  routes.delete(
    "/admin/users/:id",
    {
      ...adminChange,
      schema: {
        description: "→ `{ id }`: deletes the account as its owner's deletion does (below), and its open tab is signed out",
        summary: "Delete an account",
        params: accountIdParams,
        response: { 200: envelope(accountDeleted) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await accounts.deleteUser(actorOf(request), id), adminMessages.deleted);
    },
  );

  routes.get(
    "/admin/dashboard",
    {
      ...adminOnly,
      schema: {
        description:
          "accounts by role, department and status, sign-ups in the last 7 days, active sessions, projects by status, open inquiries, sign-in failures and lockouts in the last 24 hours",
        summary: "The company at a glance",
        response: { 200: envelope(adminDashboard) },
      },
    },
    async () => ok(await options.dashboard()),
  );
  routes.get(
    "/admin/health",
    {
      ...adminOnly,
      schema: {
        description:
          "`database` (status, latency, last migration), `storage` (uploads writable), `mail` (`log`, or `smtp` verified by connecting), `redis` (`off` without `REDIS_URL`), uptime, memory, version; each part `ok`, `failing` or `off` with a detail; /admin asks again every 30 s",
        summary: "Check each part of the installation",
        response: { 200: envelope(adminHealth) },
      },
    },
    async () => ok(await options.health()),
  );

  routes.get(
    "/admin/settings",
    {
      ...adminOnly,
      schema: {
        description:
          "`{ registrationOpen, staffApprovalRequired, contact: { phone, email, enquiriesEmail, street, locality, region, postalCode }, maintenanceBanner }`, one zod schema (`siteSettingsSchema`, `src/shared/admin.ts`)",
        summary: "The site's settings",
        response: { 200: envelope(siteSettings) },
      },
    },
    async () => ok(await settings.current()),
  );
  routes.put(
    "/admin/settings",
    {
      ...adminChange,
      schema: {
        description:
          "`{ registrationOpen, staffApprovalRequired, contact: { phone, email, enquiriesEmail, street, locality, region, postalCode }, maintenanceBanner }`, one zod schema (`siteSettingsSchema`, `src/shared/admin.ts`)",
        summary: "Save the site's settings",
        body: siteSettingsSchema,
        response: { 200: envelope(siteSettings) },
      },
    },
    async (request) => ok(await settings.update(actorOf(request), request.body), adminMessages.settingsSaved),
  );

  routes.get(
    "/admin/audit-log",
    {
      ...adminOnly,
      schema: {
        description:
          "`Page<AuditEntry>`, newest first, 25 a page: who (their email), what, to whom, when, before → after, from which address; `search` matches the admin's or the target's email. No endpoint edits or deletes it, and the database refuses UPDATE and DELETE on the table",
        summary: "A page of the audit log",
        querystring: auditQuerySchema,
        response: { 200: envelope(auditPage) },
      },
    },
    async (request) => ok(await options.auditLog(request.query)),
  );

  routes.post(
    "/admin/announcements",
    {
      ...adminChange,
      schema: {
        description:
          '`{ audience: "all" \\| department, title, body? }` → 201: each active staff member of the audience (and admins) is notified live (kind `announcement`)',
        summary: "Send an announcement to the staff",
        body: announcementSchema,
        response: { 201: envelope(announcement) },
      },
    },
    async (request, reply) => {
      const sent = await announcements.send(actorOf(request), request.body);
      reply.code(201);
      return ok(sent, adminMessages.announcementSent);
    },
  );

  // The announcements a staff member was sent (admins: all of them).
  routes.get(
    "/announcements",
    {
      preValidation: [requireUser, requireAccess(canReadAnnouncements)],
      schema: {
        description: "staff and admins → `Page<Announcement>`: those for all staff and for the caller's department (admins: all)",
        summary: "The announcements the staff member was sent",
        querystring: pageQuery,
        response: { 200: envelope(announcementPage) },
      },
    },
    async (request) => ok(await announcements.list(currentViewer(request), request.query.page)),
  );
}

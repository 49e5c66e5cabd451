import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canApproveStaff, canKeepStaffRecords } from "../../../shared/access.js";
import { adminUsersFilters, adminUsersQuery, approvalMessages, bulkApprovalSchema } from "../../../shared/admin-users.js";
import {
  accountApproval,
  adminUsersPage,
  avatarUpdate,
  bulkApprovalResult,
  staffDirectory,
  staffRecord,
} from "../../../shared/answers/users.js";
import { staffDetailsSchema, staffRecordMessages } from "../../../shared/people.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentUser, requireAccess, requireRole } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { readOneFile } from "../../platform/multipart.js";
import { accountIdParams } from "../../platform/params.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { Approver, UsersService } from "./service.js";

type Options = { users: UsersService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** Profile photos larger than this are refused before they are read into memory. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarTooLarge = "The photo must be 5 MB or smaller.";
const noAvatar = "Choose a photo to upload.";
const oneAvatar = "Upload one photo at a time.";

const approverOf = (request: FastifyRequest, as: Approver["as"]): Approver => ({
  id: currentUser(request).userId,
  as,
  ipAddress: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

export async function usersRoutes(app: FastifyInstance, { users, requireUser }: Options) {
  const adminOnly = { preValidation: [requireUser, requireRole("admin")] };
  // A generous ceiling for people at work, a wall for a script run with a stolen session.
  const changeLimit = perUserLimit(120, 1);

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const approvedAccount = { 200: envelope(accountApproval) };

  /** A multipart form with one file, read by readOneFile: no body schema. */
  routes.post(
    "/users/upload-avatar",
    {
      preValidation: requireUser,
      config: perAddressLimit(20, 15),
      schema: {
        description:
          "Bearer; multipart field `avatar`: JPEG, PNG or WebP up to 5 MB, checked from its bytes and re-encoded to a 256 px WebP without metadata → `{ avatar }`",
        summary: "Set the caller's profile photo (multipart, field avatar)",
        response: { 200: envelope(avatarUpdate) },
      },
    },
    async (request) => {
      const bytes = await readOneFile(request, {
        fileField: "avatar",
        maxFileBytes: AVATAR_MAX_BYTES,
        missing: noAvatar,
        tooLarge: avatarTooLarge,
        tooMany: oneAvatar,
      });
      return ok(await users.setAvatar(currentUser(request).userId, bytes), "Photo updated.");
    },
  );

  routes.get(
    "/users",
    {
      preValidation: [requireUser, requireRole("staff", "admin")],
      schema: {
        description: "Bearer, staff and admins → `{ users }`: the staff directory",
        summary: "The staff directory: active, approved staff and admins",
        response: { 200: envelope(staffDirectory) },
      },
    },
    async () => ok({ users: await users.directory() }),
  );

  routes.get(
    "/admin/users",
    {
      ...adminOnly,
      schema: {
        description:
          "Bearer, admins → `{ items, total, page, pageSize, pageCount, pendingCount }`: every account, 25 a page, with its last sign-in; `sort` one of `name`, `email`, `role`, `department`, `status`, `lastSignIn`, `created` (prefix `-` for descending; by default staff awaiting approval first, then the newest); an unknown value answers 400",
        summary: "A page of every account, filtered and sorted",
        querystring: adminUsersQuery,
        response: { 200: envelope(adminUsersPage) },
      },
    },
    async (request) => ok(await users.listForAdmin(request.query)),
  );

  /** The accounts of the table's filters and order, every page of them, as a CSV file streamed batch by batch. */
  /** A CSV file streamed, not an envelope: no answer schema. */
  routes.get(
    "/admin/users.csv",
    {
      ...adminOnly,
      schema: {
        description: "Bearer, admins: every matching account as CSV, streamed, in the list's order",
        summary: "Every account of the filters, as a CSV file",
        querystring: adminUsersFilters,
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-disposition", `attachment; filename="accounts-${stamp}.csv"`)
        .header("cache-control", "no-store")
        .type("text/csv; charset=utf-8")
        .send(Readable.from(users.accountsCsv(filters)));
    },
  );

  routes.post(
    "/admin/users/approve",
    {
      ...adminOnly,
      config: changeLimit,
      schema: {
        description:
          "Bearer, admins: `{ ids }` (1–25) approves pending staff accounts, all or none (409 when any is not awaiting approval); each audited and emailed",
        summary: "Approve several pending staff accounts at once",
        body: bulkApprovalSchema,
        response: { 200: envelope(bulkApprovalResult) },
      },
    },
    async (request) => {
      const { ids } = request.body;
      const result = await users.approveMany(ids, approverOf(request, "admin"));
      return ok(result, result.approved.length === 1 ? approvalMessages.approved : `${result.approved.length} accounts approved.`);
    },
  );

  routes.post(
    "/admin/users/:id/approve",
    {
      ...adminOnly,
      config: changeLimit,
      schema: {
        description:
          "Bearer, admins: lets a pending staff account in and emails its owner; 409 `not_pending` for an account not awaiting approval",
        summary: "Approve a pending staff account",
        params: accountIdParams,
        response: approvedAccount,
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await users.approve(id, approverOf(request, "admin")), approvalMessages.approved);
    },
  );

  // HR lets pending staff in from its dashboard: approval only, audited as HR's act.
  routes.post(
    "/people/:id/approve",
    {
      preValidation: [requireUser, requireAccess(canApproveStaff)],
      config: changeLimit,
      schema: {
        description: "HR and admins: lets a pending staff account in (audited as the approver's act)",
        summary: "Approve a pending staff account, as HR",
        params: accountIdParams,
        response: approvedAccount,
      },
    },
    async (request) => {
      const { id } = request.params;
      const as = currentUser(request).role === "admin" ? "admin" : "HR";
      return ok(await users.approve(id, approverOf(request, as)), approvalMessages.approved);
    },
  );

  routes.put(
    "/people/:id/details",
    {
      preValidation: [requireUser, requireAccess(canKeepStaffRecords)],
      config: changeLimit,
      schema: {
        description: "HR and admins: `{ jobTitle (≤ 80), phoneExtension (digits, ≤ 6) }` of a staff member",
        summary: "Set a staff member's job title and phone extension",
        params: accountIdParams,
        body: staffDetailsSchema,
        response: { 200: envelope(staffRecord) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const details = request.body;
      const actor = { id: currentUser(request).userId, ipAddress: request.ip };
      return ok(await users.updateStaffDetails(actor, id, details), staffRecordMessages.saved);
    },
  );
}

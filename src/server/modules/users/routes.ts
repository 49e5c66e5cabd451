import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canApproveStaff, canKeepStaffRecords } from "../../../shared/access.js";
import { adminUsersFilters, adminUsersQuery, approvalMessages, bulkApprovalSchema } from "../../../shared/admin-users.js";
import { staffDetailsSchema, staffRecordMessages } from "../../../shared/people.js";
import { currentUser, requireAccess, requireRole } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
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

  app.post("/users/upload-avatar", { preValidation: requireUser, config: perAddressLimit(20, 15) }, async (request) => {
    const bytes = await readOneFile(request, {
      fileField: "avatar",
      maxFileBytes: AVATAR_MAX_BYTES,
      missing: noAvatar,
      tooLarge: avatarTooLarge,
      tooMany: oneAvatar,
    });
    return ok(await users.setAvatar(currentUser(request).userId, bytes), "Photo updated.");
  });

  app.get("/users", { preValidation: [requireUser, requireRole("staff", "admin")] }, async () => ok({ users: await users.directory() }));

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get("/admin/users", { ...adminOnly, schema: { querystring: adminUsersQuery } }, async (request) =>
    ok(await users.listForAdmin(request.query)),
  );

  /** The accounts of the table's filters and order, every page of them, as a CSV file streamed batch by batch. */
  routes.get("/admin/users.csv", { ...adminOnly, schema: { querystring: adminUsersFilters } }, async (request, reply) => {
    const filters = request.query;
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-disposition", `attachment; filename="accounts-${stamp}.csv"`)
      .header("cache-control", "no-store")
      .type("text/csv; charset=utf-8")
      .send(Readable.from(users.accountsCsv(filters)));
  });

  routes.post("/admin/users/approve", { ...adminOnly, config: changeLimit, schema: { body: bulkApprovalSchema } }, async (request) => {
    const { ids } = request.body;
    const result = await users.approveMany(ids, approverOf(request, "admin"));
    return ok(result, result.approved.length === 1 ? approvalMessages.approved : `${result.approved.length} accounts approved.`);
  });

  routes.post("/admin/users/:id/approve", { ...adminOnly, config: changeLimit, schema: { params: accountIdParams } }, async (request) => {
    const { id } = request.params;
    return ok(await users.approve(id, approverOf(request, "admin")), approvalMessages.approved);
  });

  // HR lets pending staff in from its dashboard: approval only, audited as HR's act.
  app.post(
    "/people/:id/approve",
    { preValidation: [requireUser, requireAccess(canApproveStaff)], config: changeLimit },
    async (request) => {
      const { id } = parseInput(accountIdParams, request.params);
      const as = currentUser(request).role === "admin" ? "admin" : "HR";
      return ok(await users.approve(id, approverOf(request, as)), approvalMessages.approved);
    },
  );

  app.put(
    "/people/:id/details",
    { preValidation: [requireUser, requireAccess(canKeepStaffRecords)], config: changeLimit },
    async (request) => {
      const { id } = parseInput(accountIdParams, request.params);
      const details = parseInput(staffDetailsSchema, request.body);
      const actor = { id: currentUser(request).userId, ipAddress: request.ip };
      return ok(await users.updateStaffDetails(actor, id, details), staffRecordMessages.saved);
    },
  );
}

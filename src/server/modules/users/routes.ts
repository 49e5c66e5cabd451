import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { adminUsersQuery } from "../../../shared/admin-users.js";
import { currentUser, requireRole } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import { readSingleUpload } from "../../platform/uploads.js";
import type { UsersService } from "./service.js";

const idParams = z.object({ id: z.string().min(1).max(64) });

type Options = { users: UsersService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** Profile photos larger than this are refused before they are read into memory. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const avatarTooLarge = "The photo must be 5 MB or smaller.";
const noAvatar = "Choose a photo to upload.";

export async function usersRoutes(app: FastifyInstance, { users, requireUser }: Options) {
  app.post("/users/upload-avatar", { preHandler: requireUser, config: perAddressLimit(20, 15) }, async (request) => {
    const bytes = await readSingleUpload(request, {
      field: "avatar",
      maxBytes: AVATAR_MAX_BYTES,
      missing: noAvatar,
      tooLarge: avatarTooLarge,
    });
    return ok(await users.setAvatar(currentUser(request).userId, bytes), "Photo updated.");
  });

  app.get("/users", { preHandler: [requireUser, requireRole("staff", "admin")] }, async () => ok({ users: await users.directory() }));

  app.get("/admin/users", { preHandler: [requireUser, requireRole("admin")] }, async (request) =>
    ok(await users.listForAdmin(parseInput(adminUsersQuery, request.query))),
  );

  app.post("/admin/users/:id/approve", { preHandler: [requireUser, requireRole("admin")] }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(
      await users.approve(id, currentUser(request).userId, { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null }),
      "Account approved.",
    );
  });
}

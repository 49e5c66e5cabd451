import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { currentUser, requireRole } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import type { UsersService } from "./service.js";

const idParams = z.object({ id: z.string().min(1).max(64) });

type Options = { users: UsersService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

export async function usersRoutes(app: FastifyInstance, { users, requireUser }: Options) {
  app.get("/users", { preHandler: [requireUser, requireRole("staff", "admin")] }, async () => ok({ users: await users.directory() }));

  app.post("/admin/users/:id/approve", { preHandler: [requireUser, requireRole("admin")] }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(
      await users.approve(id, currentUser(request).userId, { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null }),
      "Account approved.",
    );
  });
}

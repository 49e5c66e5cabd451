import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { Mailer } from "../../platform/mail.js";
import type { FileStorage } from "../../platform/storage.js";
import { usersRoutes } from "./routes.js";
import { createUsersService } from "./service.js";

export type UsersModuleOptions = { db: AppDb; mailer: Mailer; storage: FileStorage; publicOrigin: string; requireUser: RequireUser };

/** The users API under /api: avatars, the staff directory, the admins' accounts table and approval. */
export async function usersModule(app: FastifyInstance, { requireUser, ...deps }: UsersModuleOptions) {
  await app.register(usersRoutes, { users: createUsersService(deps), requireUser });
}

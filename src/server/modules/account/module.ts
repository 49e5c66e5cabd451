import type { FastifyInstance } from "fastify";
import type { RequireUser } from "../../platform/authenticate.js";
import type { AccountDeps } from "./deps.js";
import { accountRoutes } from "./routes.js";
import { createAccountService } from "./service.js";

export type AccountModuleOptions = AccountDeps & { requireUser: RequireUser };

/** The account settings' API under /api: profile, email change, preferences, devices, my data, deletion. */
export async function accountModule(app: FastifyInstance, { requireUser, ...deps }: AccountModuleOptions) {
  await app.register(accountRoutes, { account: createAccountService(deps), requireUser });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountMessages,
  changeEmailSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  myDataFileName,
  notificationPreferencesSchema,
} from "../../../shared/account.js";
import { profileSchema } from "../../../shared/auth.js";
import { allowedBeforeMfaEnrolment, currentUser } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import { clearSessionCookies } from "../auth/index.js";
import type { AccountService } from "./service.js";

const deviceParams = z.object({ id: z.string().max(64) });

const userMetadataSchema = z.object({
  first_name: profileSchema.shape.firstName,
  last_name: profileSchema.shape.lastName,
  phone: profileSchema.shape.phone,
  location: profileSchema.shape.location,
  company: profileSchema.shape.company,
});

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

type Options = { account: AccountService; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

/** /settings: profile, email change with re-verification, notification preferences, devices, my data, account deletion. */
export async function accountRoutes(app: FastifyInstance, { account, requireUser }: Options) {
  app.get("/auth/profile", { preValidation: requireUser, config: allowedBeforeMfaEnrolment }, async (request) =>
    ok(await account.profile.read(currentUser(request).userId)),
  );

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put("/auth/profile", { preValidation: requireUser, schema: { body: profileSchema } }, async (request) => {
    const changes = request.body;
    return ok(await account.profile.update(currentUser(request).userId, changes), "Profile saved.");
  });

  /** The hosted auth service's "update user metadata" (docs/api.md#accounts-apiauth), with its snake_case names. */
  routes.put("/auth/update-user", { preValidation: requireUser, schema: { body: userMetadataSchema } }, async (request) => {
    const metadata = request.body;
    const changes = {
      firstName: metadata.first_name,
      lastName: metadata.last_name,
      phone: metadata.phone,
      location: metadata.location,
      company: metadata.company,
    };
    return ok(await account.profile.update(currentUser(request).userId, changes), "Profile saved.");
  });

  routes.post(
    "/auth/change-email",
    { preValidation: requireUser, config: perAddressLimit(10, 15), schema: { body: changeEmailSchema } },
    async (request) => {
      const input = request.body;
      const result = await account.emailChange.request(currentUser(request).userId, input, originOf(request));
      return ok(result, accountMessages.emailChangeCodeSent(result.pendingEmail));
    },
  );

  routes.post(
    "/auth/confirm-email-change",
    { preValidation: requireUser, config: perAddressLimit(10, 15), schema: { body: confirmEmailChangeSchema } },
    async (request) => {
      const { code } = request.body;
      return ok(await account.emailChange.confirm(currentUser(request).userId, code, originOf(request)), accountMessages.emailChanged);
    },
  );

  app.get("/users/me/notification-preferences", { preValidation: requireUser }, async (request) =>
    ok(await account.preferences.read(currentUser(request).userId)),
  );

  routes.put(
    "/users/me/notification-preferences",
    { preValidation: requireUser, schema: { body: notificationPreferencesSchema } },
    async (request) => {
      const { preferences } = request.body;
      return ok(await account.preferences.save(currentUser(request).userId, preferences), "Notification preferences saved.");
    },
  );

  app.get("/auth/sessions", { preValidation: requireUser }, async (request) => {
    const caller = currentUser(request);
    return ok({ sessions: await account.devices.list(caller.userId, caller.sessionId) });
  });

  app.post("/auth/sessions/sign-out-others", { preValidation: requireUser }, async (request) => {
    const caller = currentUser(request);
    await account.devices.revokeOthers(caller.userId, caller.sessionId, originOf(request));
    return ok(null, "Every other device has been signed out.");
  });

  routes.delete("/auth/sessions/:id", { preValidation: requireUser, schema: { params: deviceParams } }, async (request) => {
    const { id } = request.params;
    await account.devices.revoke(currentUser(request).userId, id, originOf(request));
    return ok(null, "That device has been signed out.");
  });

  /** A file to keep, not an envelope: the document itself, as an attachment. */
  app.get("/users/me/export", { preValidation: requireUser, config: perAddressLimit(5, 60) }, async (request, reply) => {
    const data = await account.myData.export(currentUser(request).userId, originOf(request));
    return reply
      .header("content-disposition", `attachment; filename="${myDataFileName(new Date())}"`)
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(data, null, 2));
  });

  routes.delete(
    "/users/me",
    { preValidation: requireUser, config: perAddressLimit(5, 15), schema: { body: deleteAccountSchema } },
    async (request, reply) => {
      const input = request.body;
      await account.deletion.deleteAccount(currentUser(request).userId, input, originOf(request));
      clearSessionCookies(reply);
      return ok(null, accountMessages.accountDeleted);
    },
  );
}

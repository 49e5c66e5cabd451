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
import { deviceSessions, notificationSettings, pendingEmailChange } from "../../../shared/answers/account.js";
import { sessionUser } from "../../../shared/answers/auth.js";
import { profileSchema } from "../../../shared/auth.js";
import { emptyEnvelope, envelope } from "../../platform/api-schemas.js";
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signedInUser = { 200: envelope(sessionUser) };

  routes.get(
    "/auth/profile",
    {
      preValidation: requireUser,
      config: allowedBeforeMfaEnrolment,
      schema: {
        description:
          "Bearer; PUT `{ firstName?, lastName?, phone?, location?, company?, timeZone? }`; `timeZone` is an IANA name (`Europe/London`), an unknown one answers 400 with `fields.timeZone`",
        summary: "The caller's account, as the session knows it",
        response: signedInUser,
      },
    },
    async (request) => ok(await account.profile.read(currentUser(request).userId)),
  );

  routes.put(
    "/auth/profile",
    {
      preValidation: requireUser,
      schema: {
        description:
          "Bearer; PUT `{ firstName?, lastName?, phone?, location?, company?, timeZone? }`; `timeZone` is an IANA name (`Europe/London`), an unknown one answers 400 with `fields.timeZone`",
        summary: "Change the caller's account details",
        body: profileSchema,
        response: signedInUser,
      },
    },
    async (request) => {
      const changes = request.body;
      return ok(await account.profile.update(currentUser(request).userId, changes), "Profile saved.");
    },
  );

  /** The hosted auth service's "update user metadata" (docs/api.md#accounts-apiauth), with its snake_case names. */
  routes.put(
    "/auth/update-user",
    {
      preValidation: requireUser,
      schema: {
        description:
          "Bearer; the same with the hosted service's snake_case names `{ first_name?, last_name?, phone?, location?, company? }`",
        summary: "Change the caller's account details, with snake_case names",
        body: userMetadataSchema,
        response: signedInUser,
      },
    },
    async (request) => {
      const metadata = request.body;
      const changes = {
        firstName: metadata.first_name,
        lastName: metadata.last_name,
        phone: metadata.phone,
        location: metadata.location,
        company: metadata.company,
      };
      return ok(await account.profile.update(currentUser(request).userId, changes), "Profile saved.");
    },
  );

  routes.post(
    "/auth/change-email",
    {
      preValidation: requireUser,
      config: perAddressLimit(10, 15),
      schema: {
        description:
          "`{ newEmail, password, code? }` (`code` when two-step sign-in is on) → a 6-digit code to the new address; `{ code }` → the session user, the old address is told with a link that undoes it",
        summary: "Ask to change the caller's email address: a code goes to the new one",
        body: changeEmailSchema,
        response: { 200: envelope(pendingEmailChange) },
      },
    },
    async (request) => {
      const input = request.body;
      const result = await account.emailChange.request(currentUser(request).userId, input, originOf(request));
      return ok(result, accountMessages.emailChangeCodeSent(result.pendingEmail));
    },
  );

  routes.post(
    "/auth/confirm-email-change",
    {
      preValidation: requireUser,
      config: perAddressLimit(10, 15),
      schema: {
        description:
          "`{ newEmail, password, code? }` (`code` when two-step sign-in is on) → a 6-digit code to the new address; `{ code }` → the session user, the old address is told with a link that undoes it",
        summary: "Confirm the new email address with its code",
        body: confirmEmailChangeSchema,
        response: signedInUser,
      },
    },
    async (request) => {
      const { code } = request.body;
      return ok(await account.emailChange.confirm(currentUser(request).userId, code, originOf(request)), accountMessages.emailChanged);
    },
  );

  routes.get(
    "/users/me/notification-preferences",
    {
      preValidation: requireUser,
      schema: {
        description: "`{ preferences: { kind: { inApp, email } }, labels }`",
        summary: "The caller's notification preferences",
        response: { 200: envelope(notificationSettings) },
      },
    },
    async (request) => ok(await account.preferences.read(currentUser(request).userId)),
  );

  routes.put(
    "/users/me/notification-preferences",
    {
      preValidation: requireUser,
      schema: {
        description: "`{ preferences: { kind: { inApp, email } }, labels }`",
        summary: "Change the caller's notification preferences",
        body: notificationPreferencesSchema,
        response: { 200: envelope(notificationSettings) },
      },
    },
    async (request) => {
      const { preferences } = request.body;
      return ok(await account.preferences.save(currentUser(request).userId, preferences), "Notification preferences saved.");
    },
  );

  routes.get(
    "/auth/sessions",
    {
      preValidation: requireUser,
      schema: {
        description: "the caller's signed-in devices; sign one out",
        summary: "The caller's signed-in devices",
        response: { 200: envelope(deviceSessions) },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      return ok({ sessions: await account.devices.list(caller.userId, caller.sessionId) });
    },
  );

  routes.post(
    "/auth/sessions/sign-out-others",
    {
      preValidation: requireUser,
      schema: {
        description: "Bearer: every device of the account but this one is signed out",
        summary: "Sign out every device of the caller but this one",
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await account.devices.revokeOthers(caller.userId, caller.sessionId, originOf(request));
      return ok(null, "Every other device has been signed out.");
    },
  );

  routes.delete(
    "/auth/sessions/:id",
    {
      preValidation: requireUser,
      schema: {
        description: "the caller's signed-in devices; sign one out",
        summary: "Sign out one of the caller's devices",
        params: deviceParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      await account.devices.revoke(currentUser(request).userId, id, originOf(request));
      return ok(null, "That device has been signed out.");
    },
  );

  /** A file to keep, not an envelope: the document itself, as an attachment. */
  routes.get(
    "/users/me/export",
    {
      preValidation: requireUser,
      config: perAddressLimit(5, 60),
      schema: {
        description: "the caller's data as a JSON file, 5 an hour",
        summary: "Download everything the portal keeps about the caller",
      },
    },
    async (request, reply) => {
      const data = await account.myData.export(currentUser(request).userId, originOf(request));
      return reply
        .header("content-disposition", `attachment; filename="${myDataFileName(new Date())}"`)
        .header("cache-control", "no-store")
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(data, null, 2));
    },
  );

  routes.delete(
    "/users/me",
    {
      preValidation: requireUser,
      config: perAddressLimit(5, 15),
      schema: {
        description: '`{ password, confirmation: "DELETE", code? }`; projects stay without a client; the last admin is refused',
        summary: "Delete the caller's account and sign out",
        body: deleteAccountSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request, reply) => {
      const input = request.body;
      await account.deletion.deleteAccount(currentUser(request).userId, input, originOf(request));
      clearSessionCookies(reply);
      return ok(null, accountMessages.accountDeleted);
    },
  );
}

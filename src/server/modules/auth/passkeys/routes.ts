import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  completeLoginResult,
  passkeyCreationOptions,
  passkeyList,
  passkeyRequestOptions,
  passkeySummary,
} from "../../../../shared/answers/auth.js";
import { passkeyNameSchema } from "../../../../shared/passkeys.js";
import { stepUpSchema } from "../../../../shared/step-up.js";
import { emptyEnvelope, envelope } from "../../../platform/api-schemas.js";
import { currentUser } from "../../../platform/authenticate.js";
import { ok } from "../../../platform/envelope.js";
import { perAddressLimit, perUserLimit } from "../../../platform/rate-limit.js";
import type { RequestOrigin } from "../../../platform/security-log.js";
import { setSessionCookies, wantsTokenInBody, withoutRefreshToken } from "../refresh-cookie.js";
import type { StepUp } from "../step-up.js";
import type { Passkeys } from "./service.js";

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

// The browser's WebAuthn answer is checked by @simplewebauthn/server; here only its outline and size.
const credentialResponse = z
  .object({
    id: z.string().min(1).max(1024),
    rawId: z.string().max(1024),
    type: z.literal("public-key"),
    response: z.record(z.string(), z.unknown()),
  })
  .passthrough();
const addSchema = z.object({ name: passkeyNameSchema, response: credentialResponse });
const signInSchema = z.object({ response: credentialResponse });
const idParams = z.object({ id: z.string().max(1024) });

type Options = {
  passkeys: Passkeys;
  stepUp: StepUp;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  secureCookies: boolean;
};

/** Passkeys: add, list and remove in settings; sign in with one (two factors: no authenticator code after it). */
export async function passkeyRoutes(app: FastifyInstance, { passkeys, stepUp, requireUser, secureCookies }: Options) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/auth/passkeys",
    {
      preValidation: requireUser,
      schema: {
        description: "Bearer → `{ passkeys: [{ id, name, createdAt, lastUsedAt }] }`",
        summary: "The caller's passkeys",
        response: { 200: envelope(passkeyList) },
      },
    },
    async (request) => ok({ passkeys: await passkeys.list(currentUser(request).userId) }),
  );

  /** The step-up proof goes here: only a proven request gets a challenge that POST /auth/passkeys accepts. */
  routes.post(
    "/auth/passkeys/register/options",
    {
      preValidation: requireUser,
      config: perUserLimit(20, 15),
      schema: {
        description:
          "Bearer; the step-up proof → WebAuthn creation options (discoverable, user verification required; RP id = `PUBLIC_ORIGIN`'s host); the challenge is the only one `POST /api/auth/passkeys` accepts",
        summary: "A challenge to add a passkey (step-up proof needed)",
        body: stepUpSchema,
        response: { 200: envelope(passkeyCreationOptions) },
      },
    },
    async (request) => {
      const proof = request.body;
      const caller = currentUser(request);
      await stepUp.prove(caller, proof, "passkey_added", originOf(request));
      return ok(await passkeys.registrationOptions(caller.userId));
    },
  );

  /** A challenge for one of the caller's passkeys, answered as the step-up proof of an account without a password. */
  routes.post(
    "/auth/passkeys/step-up/options",
    {
      preValidation: requireUser,
      config: perUserLimit(20, 15),
      schema: {
        description:
          "Bearer → a challenge for one of the account's own passkeys: the step-up proof of an account without a password (`{ passkey }`)",
        summary: "A challenge for one of the caller's passkeys, as step-up proof",
        response: { 200: envelope(passkeyRequestOptions) },
      },
    },
    async (request) => ok(await passkeys.stepUpOptions(currentUser(request).userId)),
  );

  routes.post(
    "/auth/passkeys",
    {
      preValidation: requireUser,
      config: perUserLimit(20, 15),
      schema: {
        description: "Bearer; `{ name, response }` (the browser's answer) → 201 the passkey",
        summary: "Add a passkey: the browser's answer to the challenge",
        body: addSchema,
        response: { 201: envelope(passkeySummary) },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      const added = await passkeys.register(
        currentUser(request).userId,
        name,
        response as unknown as RegistrationResponseJSON,
        originOf(request),
      );
      return reply.status(201).send(ok(added, "Passkey added."));
    },
  );

  routes.delete(
    "/auth/passkeys/:id",
    {
      preValidation: requireUser,
      config: perUserLimit(20, 15),
      schema: {
        description: "Bearer; 404 for another account's passkey, 409 for the last way to sign in",
        summary: "Remove one of the caller's passkeys",
        params: idParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      await passkeys.remove(currentUser(request).userId, id, originOf(request));
      return ok(null, "Passkey removed.");
    },
  );

  routes.post(
    "/auth/passkeys/sign-in/options",
    {
      config: perAddressLimit(60, 15),
      schema: {
        description: "→ WebAuthn request options (single-use challenge, 5 minutes)",
        summary: "A challenge to sign in with a passkey",
        response: { 200: envelope(passkeyRequestOptions) },
      },
    },
    async () => ok(await passkeys.signInOptions()),
  );

  routes.post(
    "/auth/passkeys/sign-in",
    {
      config: perAddressLimit(30, 15),
      schema: {
        description: "`{ response }` → `{ user, dashboard, accessToken, refreshToken }` like `complete-login`: two factors, no code asked",
        summary: "Sign in with a passkey: the browser's answer to the challenge",
        body: signInSchema,
        response: { 200: envelope(completeLoginResult) },
      },
    },
    async (request, reply) => {
      const { response } = request.body;
      const result = await passkeys.signIn(response as unknown as AuthenticationResponseJSON, originOf(request));
      setSessionCookies(reply, result, secureCookies);
      return ok(withoutRefreshToken(result, wantsTokenInBody(request)));
    },
  );
}

import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { passkeyNameSchema } from "../../../../shared/passkeys.js";
import { stepUpSchema } from "../../../../shared/step-up.js";
import { currentUser } from "../../../platform/authenticate.js";
import { ok, parseInput } from "../../../platform/envelope.js";
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
  app.get("/auth/passkeys", { preValidation: requireUser }, async (request) =>
    ok({ passkeys: await passkeys.list(currentUser(request).userId) }),
  );

  /** The step-up proof goes here: only a proven request gets a challenge that POST /auth/passkeys accepts. */
  app.post("/auth/passkeys/register/options", { preValidation: requireUser, config: perUserLimit(20, 15) }, async (request) => {
    const proof = parseInput(stepUpSchema, request.body);
    const caller = currentUser(request);
    await stepUp.prove(caller, proof, "passkey_added", originOf(request));
    return ok(await passkeys.registrationOptions(caller.userId));
  });

  /** A challenge for one of the caller's passkeys, answered as the step-up proof of an account without a password. */
  app.post("/auth/passkeys/step-up/options", { preValidation: requireUser, config: perUserLimit(20, 15) }, async (request) =>
    ok(await passkeys.stepUpOptions(currentUser(request).userId)),
  );

  app.post("/auth/passkeys", { preValidation: requireUser, config: perUserLimit(20, 15) }, async (request, reply) => {
    const { name, response } = parseInput(addSchema, request.body);
    const added = await passkeys.register(
      currentUser(request).userId,
      name,
      response as unknown as RegistrationResponseJSON,
      originOf(request),
    );
    return reply.status(201).send(ok(added, "Passkey added."));
  });

  app.delete("/auth/passkeys/:id", { preValidation: requireUser, config: perUserLimit(20, 15) }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await passkeys.remove(currentUser(request).userId, id, originOf(request));
    return ok(null, "Passkey removed.");
  });

  app.post("/auth/passkeys/sign-in/options", { config: perAddressLimit(60, 15) }, async () => ok(await passkeys.signInOptions()));

  app.post("/auth/passkeys/sign-in", { config: perAddressLimit(30, 15) }, async (request, reply) => {
    const { response } = parseInput(signInSchema, request.body);
    const result = await passkeys.signIn(response as unknown as AuthenticationResponseJSON, originOf(request));
    setSessionCookies(reply, result, secureCookies);
    return ok(withoutRefreshToken(result, wantsTokenInBody(request)));
  });
}

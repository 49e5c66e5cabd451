import "@fastify/cookie";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { identityProviders, providerRedirect, signInMethods, verifyCredentialsResult } from "../../../../shared/answers/auth.js";
import { confirmLinkSchema } from "../../../../shared/identities.js";
import { stepUpSchema } from "../../../../shared/step-up.js";
import { emptyEnvelope, envelope } from "../../../platform/api-schemas.js";
import { currentUser } from "../../../platform/authenticate.js";
import { ok } from "../../../platform/envelope.js";
import { perAddressLimit, perUserLimit } from "../../../platform/rate-limit.js";
import type { RequestOrigin } from "../../../platform/security-log.js";
import type { StepUp } from "../step-up.js";
import { FLOW_MINUTES } from "./flows.js";
import type { CallbackOutcome, OidcSignIn } from "./service.js";

/** Binds a provider round trip to the browser that started it (against login CSRF). */
const STATE_COOKIE = "cb_oidc";
const COOKIE_PATH = "/api/auth/oidc";

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });
const providerParams = z.object({ provider: z.string().max(40) });

/** The page the browser lands on after the provider: the result rides in the fragment, never sent to any server. */
function landingPage(outcome: CallbackOutcome): string {
  const fragment = (values: Record<string, string>) => new URLSearchParams(values).toString();
  switch (outcome.kind) {
    case "signed_in": {
      const { userId, ticket, mfaRequired } = outcome.ticket;
      return `/login#${fragment({ oidc: "ticket", userId, ticket, mfa: mfaRequired ? "1" : "0" })}`;
    }
    case "confirm_password":
      return `/login#${fragment({ oidc: "confirm", token: outcome.token, email: outcome.email, provider: outcome.provider })}`;
    case "linked":
      return `/settings#${fragment({ identity: "linked", provider: outcome.provider })}`;
    case "failed":
      return outcome.linking
        ? `/settings#${fragment({ identity: "failed", reason: outcome.failure })}`
        : `/login#${fragment({ oidc: "failed", reason: outcome.failure })}`;
  }
}

type Options = {
  oidc: OidcSignIn;
  stepUp: StepUp;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  secureCookies: boolean;
};

/** Identity providers (OpenID Connect): sign-in, link and unlink. Each provider's redirect URI is its /callback here. */
export async function oidcRoutes(app: FastifyInstance, { oidc, stepUp, requireUser, secureCookies }: Options) {
  const rememberState = (reply: FastifyReply, state: string) =>
    reply.setCookie(STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies,
      path: COOKIE_PATH,
      maxAge: FLOW_MINUTES * 60,
    });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/auth/oidc/providers",
    {
      schema: {
        description: "→ `{ providers: [{ id, name }] }` from `OIDC_PROVIDERS`",
        summary: "The identity providers one can sign in with",
        response: { 200: envelope(identityProviders) },
      },
    },
    async () => ok({ providers: oidc.providers() }),
  );

  /** A redirect to the provider's sign-in page, not an envelope: no answer schema. */
  routes.get(
    "/auth/oidc/:provider/start",
    {
      config: perAddressLimit(30, 15),
      schema: {
        description:
          "redirects to the provider (PKCE, state, nonce; the state also in the `cb_oidc` cookie); 30 per 15 minutes per address",
        summary: "Go to the provider's sign-in page",
        params: providerParams,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const { url, state } = await oidc.start(provider, null);
      rememberState(reply, state);
      return reply.redirect(url, 302);
    },
  );

  /**
   * Linking needs the signed-in user, whose token a navigation cannot carry: the browser is given the URL to go to.
   * The step-up proof goes here: only a proven request opens a flow that links at the callback.
   */
  routes.post(
    "/auth/oidc/:provider/link",
    {
      preValidation: requireUser,
      config: perUserLimit(20, 15),
      schema: {
        description: "Bearer; the step-up proof → `{ url }`: the provider's page, which comes back to `/settings`",
        summary: "Start linking a provider to the caller's account (step-up proof needed)",
        params: providerParams,
        body: stepUpSchema,
        response: { 200: envelope(providerRedirect) },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const proof = request.body;
      const caller = currentUser(request);
      await stepUp.prove(caller, proof, "identity_linked", originOf(request));
      const { url, state } = await oidc.start(provider, caller.userId);
      rememberState(reply, state);
      return ok({ url });
    },
  );

  /** A redirect to the landing page with the outcome in its fragment, not an envelope: no answer schema. */
  routes.get(
    "/auth/oidc/:provider/callback",
    {
      config: perAddressLimit(30, 15),
      schema: {
        description:
          "the provider's redirect URI; redirects to `/login#oidc=ticket&userId=&ticket=&mfa=` (go on with `complete-login`), `/login#oidc=confirm&token=&email=&provider=` (the account's password first), `/login#oidc=failed&reason=`, or for a link `/settings#identity=linked` / `#identity=failed&reason=`",
        summary: "The provider's redirect URI: back from its sign-in page",
        params: providerParams,
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const query = new URLSearchParams(request.url.split("?")[1] ?? "");
      const outcome = await oidc.callback(provider, query, request.cookies[STATE_COOKIE], originOf(request));
      reply.clearCookie(STATE_COOKIE, { path: COOKIE_PATH });
      // The landing page's address holds a ticket: it must not leak to other sites.
      reply.header("Referrer-Policy", "no-referrer");
      return reply.redirect(landingPage(outcome), 303);
    },
  );

  routes.post(
    "/auth/oidc/confirm-link",
    {
      config: perAddressLimit(10, 15),
      schema: {
        description:
          "`{ token, password }` → the `verify-credentials` answer, and the provider is linked; 410 when the request expired or was used",
        summary: "Link a provider to the account with its address, with the account's password; a sign-in ticket",
        body: confirmLinkSchema,
        response: { 200: envelope(verifyCredentialsResult) },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      return ok(await oidc.confirmLink(token, password, originOf(request)), "The provider is linked to your account.");
    },
  );

  routes.get(
    "/auth/identities",
    {
      preValidation: requireUser,
      schema: {
        description: "Bearer → `{ identities: [{ provider, name, email, linkedAt, lastUsedAt }], providers, hasPassword }`",
        summary: "The caller's ways of signing in",
        response: { 200: envelope(signInMethods) },
      },
    },
    async (request) => ok(await oidc.methods(currentUser(request).userId)),
  );

  routes.delete(
    "/auth/identities/:provider",
    {
      preValidation: requireUser,
      config: perUserLimit(20, 15),
      schema: {
        description: "Bearer; 409 when it is the last way to sign in (no password, no other provider, no passkey)",
        summary: "Unlink a provider from the caller's account",
        params: providerParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { provider } = request.params;
      await oidc.unlink(currentUser(request).userId, provider, originOf(request));
      return ok(null, "The provider is unlinked.");
    },
  );
}

import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { OidcProviderConfig } from "../../oidc-providers-config.js";
import type { AccessTokens } from "../../platform/access-tokens.js";
import { createBlockedSessionCheck } from "../../platform/account-access.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { Mailer } from "../../platform/mail.js";
import { createMfaService } from "./mfa.js";
import { createOidcProviders } from "./oidc/providers.js";
import { oidcRoutes } from "./oidc/routes.js";
import { createOidcSignIn } from "./oidc/service.js";
import { passkeyRoutes } from "./passkeys/routes.js";
import { createPasskeys } from "./passkeys/service.js";
import { authRoutes } from "./routes.js";
import { createAuthService } from "./service.js";
import { createStepUp } from "./step-up.js";
import { createTotpSecrets, sealPlainTotpSecrets } from "./totp-secrets.js";

export type AuthDeps = {
  db: AppDb;
  mailer: Mailer;
  tokens: AccessTokens;
  /** Authenticator secrets are sealed under a key derived from it (docs/decisions/117-secrets-at-rest.md). */
  authSecret: string;
  oidcProviders: OidcProviderConfig[];
  publicOrigin: string;
  log: FastifyBaseLogger;
};

/**
 * The accounts' services, made before the app's plugins because other modules use them: the account settings check
 * second factors, the security centre sends password resets and names providers, the realtime socket checks sessions.
 * Authenticator secrets still stored in plain text are sealed on the way.
 */
export async function createAuth({ db, mailer, tokens, authSecret, oidcProviders, publicOrigin, log }: AuthDeps) {
  const totpSecrets = createTotpSecrets(authSecret);
  const sealed = await sealPlainTotpSecrets(db, totpSecrets);
  if (sealed > 0) log.info({ sealed }, "authenticator secrets stored in plain text sealed");
  const mfa = createMfaService(db, totpSecrets);
  const service = createAuthService({ db, mailer, tokens, mfa, publicOrigin });
  const passkeys = createPasskeys({ db, publicOrigin, openSignedInSession: service.openSignedInSession });
  const stepUp = createStepUp({ db, mfa, passkeyProvesUser: passkeys.provesUser });
  const providers = createOidcProviders(oidcProviders, publicOrigin);
  return {
    service,
    mfa,
    stepUp,
    passkeys,
    oidc: createOidcSignIn({ db, providers, ...service }),
    /** An identity provider's display name, by its id (its id when it is no longer configured). */
    providerName: (provider: string) => providers.find(provider)?.name ?? provider,
  };
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;

export type AuthModuleOptions = { auth: Auth; db: AppDb; requireUser: RequireUser; secureCookies: boolean };

/** The accounts API under /api: registration, sign-in and sessions, two-step sign-in, identity providers, passkeys. */
export async function authModule(app: FastifyInstance, { auth, db, requireUser, secureCookies }: AuthModuleOptions) {
  const { stepUp } = auth;
  await app.register(authRoutes, {
    auth: auth.service,
    mfa: auth.mfa,
    stepUp,
    requireUser,
    secureCookies,
    isBlockedSession: createBlockedSessionCheck(db),
  });
  await app.register(oidcRoutes, { oidc: auth.oidc, stepUp, requireUser, secureCookies });
  await app.register(passkeyRoutes, { passkeys: auth.passkeys, stepUp, requireUser, secureCookies });
}

import type { AppDb } from "../../db/client.js";
import type { AccessTokens } from "../../platform/access-tokens.js";
import type { Mailer } from "../../platform/mail.js";
import type { MfaService } from "./mfa.js";
import { createPasswordReset } from "./password-reset.js";
import { createRegistration } from "./registration.js";
import { createSessions } from "./sessions.js";
import { createSignIn } from "./sign-in.js";
import { createSignInSteps } from "./sign-in-steps.js";

/** The accounts API's service (routes.ts): each responsibility lives in its own file, put together here. */
export function createAuthService(deps: { db: AppDb; mailer: Mailer; tokens: AccessTokens; mfa: MfaService; publicOrigin: string }) {
  const sessions = createSessions(deps);
  const { refresh, logout, isSessionOpen } = sessions;
  return {
    ...createRegistration(deps),
    ...createSignIn({ ...deps, sessions }),
    /** For the other ways of signing in (identity providers): the same ticket and session. */
    ...createSignInSteps({ ...deps, sessions }),
    refresh,
    logout,
    isSessionOpen,
    ...createPasswordReset(deps),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

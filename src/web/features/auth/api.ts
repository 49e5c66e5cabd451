import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { CompleteLoginResult, RegistrationInput, SessionUser, VerifyCredentialsResult } from "../../../shared/auth";
import type { InvitationPreview } from "../../../shared/projects";
import type { SignInMethodsReview } from "../../../shared/security";
import { apiRequest } from "../../lib/http/client";
import { withRetries } from "../../lib/http/retry";
import { browserTimeZone } from "../../lib/session/browser-time-zone";
import { worthAnotherTry } from "./login-messages";

export type RegistrationResult = { userId: string; email: string; role: SessionUser["role"]; requiresApproval: boolean };

/** The sign-in, registration and password calls of docs/api.md#accounts-apiauth (the /settings ones are in features/account/api.ts). */
export const authApi = {
  register: (input: RegistrationInput) => apiRequest<RegistrationResult>("POST", "/auth/register", input),
  verifyEmail: (email: string, code: string) =>
    apiRequest<{ verified: boolean; requiresApproval: boolean }>("POST", "/auth/verify-otp", { email, code }),
  /** What a project's invitation link fills in (404 once it is used, replaced or expired). */
  invitation: (token: string) => apiRequest<InvitationPreview>("GET", `/invitations/${encodeURIComponent(token)}`),
  resendVerification: (email: string) => apiRequest<null>("POST", "/auth/resend-verification", { email }),
  verifyCredentials: (email: string, password: string) =>
    apiRequest<VerifyCredentialsResult>("POST", "/auth/verify-credentials", { email, password }),
  /** docs/product.md#sign-in: tried with retries, then once more without. */
  async completeLogin(userId: string, ticket: string, code?: string): Promise<CompleteLoginResult> {
    // The browser's zone becomes the account's at its first sign-in (docs/decisions/123-each-persons-time-zone.md).
    const body = { userId, ticket, code, timeZone: browserTimeZone() ?? undefined };
    try {
      return await withRetries(() => apiRequest<CompleteLoginResult>("POST", "/auth/complete-login", body));
    } catch (error) {
      if (!worthAnotherTry(error)) throw error;
      return apiRequest<CompleteLoginResult>("POST", "/auth/complete-login", body);
    }
  },
  /** The password of the account an identity provider's email belongs to, before the provider is linked. */
  confirmProviderLink: (token: string, password: string) =>
    apiRequest<VerifyCredentialsResult>("POST", "/auth/oidc/confirm-link", { token, password }),
  passkeyOptions: () => apiRequest<PublicKeyCredentialRequestOptionsJSON>("POST", "/auth/passkeys/sign-in/options", {}),
  /** Two factors at once: the session, with no authenticator code after it. */
  signInWithPasskey: (response: AuthenticationResponseJSON) =>
    apiRequest<CompleteLoginResult>("POST", "/auth/passkeys/sign-in", { response }),
  forgotPassword: (email: string) => apiRequest<null>("POST", "/auth/forgot-password", { email }),
  resetPassword: (email: string, code: string, newPassword: string) =>
    apiRequest<SignInMethodsReview>("POST", "/auth/reset-password", { email, code, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiRequest<null>("POST", "/auth/change-password", { currentPassword, newPassword }),
};

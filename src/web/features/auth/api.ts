import { queryOptions } from "@tanstack/react-query";
import type { CompleteLoginResult, RegistrationInput, SessionUser, VerifyCredentialsResult } from "../../../shared/auth";
import { apiRequest, apiRequestWithRetry } from "../../lib/http";
import { PRIVATE_QUERY_META } from "./AuthProvider";
import { worthAnotherTry } from "./login-messages";

export type RegistrationResult = { userId: string; email: string; role: SessionUser["role"]; requiresApproval: boolean };

/** The account API of SPEC §7 as the screens use it. */
export const authApi = {
  register: (input: RegistrationInput) => apiRequest<RegistrationResult>("POST", "/auth/register", input),
  verifyEmail: (email: string, code: string) =>
    apiRequest<{ verified: boolean; requiresApproval: boolean }>("POST", "/auth/verify-otp", { email, code }),
  resendVerification: (email: string) => apiRequest<null>("POST", "/auth/resend-verification", { email }),
  verifyCredentials: (email: string, password: string) =>
    apiRequest<VerifyCredentialsResult>("POST", "/auth/verify-credentials", { email, password }),
  /** SPEC §4: tried with retries, then once more without. */
  async completeLogin(userId: string, ticket: string): Promise<CompleteLoginResult> {
    const body = { userId, ticket };
    try {
      return await apiRequestWithRetry<CompleteLoginResult>("POST", "/auth/complete-login", body);
    } catch (error) {
      if (!worthAnotherTry(error)) throw error;
      return apiRequest<CompleteLoginResult>("POST", "/auth/complete-login", body);
    }
  },
  forgotPassword: (email: string) => apiRequest<null>("POST", "/auth/forgot-password", { email }),
  resetPassword: (email: string, code: string, newPassword: string) =>
    apiRequest<null>("POST", "/auth/reset-password", { email, code, newPassword }),
  changePassword: (currentPassword: string, newPassword: string) =>
    apiRequest<null>("POST", "/auth/change-password", { currentPassword, newPassword }),
};

/** The signed-in user's account, fetched with the SPEC §9 retry helper (so the query itself does not retry too). */
export const profileQuery = queryOptions({
  queryKey: ["/auth/profile"],
  queryFn: () => apiRequestWithRetry<SessionUser>("GET", "/auth/profile"),
  retry: false,
  meta: PRIVATE_QUERY_META,
});

/** Where a user goes after signing in when no page sent them: the `dashboard` of the complete-login answer. */
export function landingPathFor(dashboard: string): string {
  // Only the /dashboard screens exist so far; the admin area (/admin) arrives with its own issue.
  return dashboard.startsWith("/dashboard") ? dashboard : "/dashboard";
}

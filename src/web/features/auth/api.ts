import { queryOptions } from "@tanstack/react-query";
import type { CompleteLoginResult, ProfileInput, RegistrationInput, SessionUser, VerifyCredentialsResult } from "../../../shared/auth";
import { PRIVATE_QUERY_META } from "../../lib/api-query";
import { apiRequest, apiRequestWithRetry } from "../../lib/http";
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
  async completeLogin(userId: string, ticket: string, code?: string): Promise<CompleteLoginResult> {
    const body = { userId, ticket, code };
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
  updateProfile: (changes: ProfileInput) => apiRequest<SessionUser>("PUT", "/auth/profile", changes),
  uploadAvatar(file: File) {
    const form = new FormData();
    form.append("avatar", file);
    return apiRequest<{ avatar: string }>("POST", "/users/upload-avatar", form);
  },
  startMfaEnrolment: () => apiRequest<MfaEnrolment>("POST", "/auth/mfa/enroll", {}),
  confirmMfaEnrolment: (code: string) => apiRequest<{ recoveryCodes: string[] }>("POST", "/auth/mfa/verify", { code }),
  turnOffMfa: (code: string) => apiRequest<null>("POST", "/auth/mfa/unenroll", { code }),
};

export type MfaEnrolment = { secret: string; otpauthUri: string; qrCodeSvg: string };

/** The signed-in user's account, fetched with the SPEC §9 retry helper (so the query itself does not retry too). */
export const profileQuery = queryOptions({
  queryKey: ["/auth/profile"],
  queryFn: () => apiRequestWithRetry<SessionUser>("GET", "/auth/profile"),
  retry: false,
  meta: PRIVATE_QUERY_META,
});

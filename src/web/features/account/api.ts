import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import {
  type ChangeEmailInput,
  type DeleteAccountInput,
  type DeviceSession,
  myDataFileName,
  type NotificationSettings,
} from "../../../shared/account";
import type { ProfileInput, SessionUser } from "../../../shared/auth";
import type { SignInMethods } from "../../../shared/identities";
import type { NotificationPreferences } from "../../../shared/notifications";
import type { PasskeySummary } from "../../../shared/passkeys";
import { apiDownload, apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

/** The /settings calls of the signed-in user's own account (the password change is the sign-in screens', in features/auth/api.ts). */
export const accountApi = {
  updateProfile: (changes: ProfileInput) => apiRequest<SessionUser>("PUT", "/auth/profile", changes),
  uploadAvatar(file: File) {
    const form = new FormData();
    form.append("avatar", file);
    return apiRequest<{ avatar: string }>("POST", "/users/upload-avatar", form);
  },
  startMfaEnrolment: (password: string) => apiRequest<MfaEnrolment>("POST", "/auth/mfa/enroll", { password }),
  confirmMfaEnrolment: (code: string) => apiRequest<{ recoveryCodes: string[] }>("POST", "/auth/mfa/verify", { code }),
  turnOffMfa: (password: string, code: string) => apiRequest<null>("POST", "/auth/mfa/unenroll", { password, code }),
  /** Emails a code to the new address; the address changes once the code comes back. */
  requestEmailChange: (input: ChangeEmailInput) => apiRequest<{ pendingEmail: string }>("POST", "/auth/change-email", input),
  confirmEmailChange: (code: string) => apiRequest<SessionUser>("POST", "/auth/confirm-email-change", { code }),
  saveNotificationPreferences: (preferences: NotificationPreferences) =>
    apiRequest<NotificationSettings>("PUT", "/users/me/notification-preferences", { preferences }),
  signOutDevice: (sessionId: string) => apiRequest<null>("DELETE", `/auth/sessions/${encodeURIComponent(sessionId)}`, {}),
  /** The user's data as a JSON file (NDPA right of access). */
  downloadMyData: () => apiDownload("/users/me/export", myDataFileName(new Date())),
  /** Answers the provider's page to send the browser to; it comes back to /settings. */
  linkIdentity: (provider: string, proof: StepUpProof) =>
    apiRequest<{ url: string }>("POST", `/auth/oidc/${encodeURIComponent(provider)}/link`, proof),
  unlinkIdentity: (provider: string) => apiRequest<null>("DELETE", `/auth/identities/${encodeURIComponent(provider)}`, {}),
  passkeyOptions: (proof: StepUpProof) =>
    apiRequest<PublicKeyCredentialCreationOptionsJSON>("POST", "/auth/passkeys/register/options", proof),
  /** A challenge for one of the user's passkeys: the proof of an account without a password. */
  stepUpPasskeyOptions: () => apiRequest<PublicKeyCredentialRequestOptionsJSON>("POST", "/auth/passkeys/step-up/options", {}),
  regenerateRecoveryCodes: (proof: StepUpProof) => apiRequest<{ recoveryCodes: string[] }>("POST", "/auth/mfa/recovery-codes", proof),
  addPasskey: (name: string, response: RegistrationResponseJSON) =>
    apiRequest<PasskeySummary>("POST", "/auth/passkeys", { name, response }),
  removePasskey: (id: string) => apiRequest<null>("DELETE", `/auth/passkeys/${encodeURIComponent(id)}`, {}),
  deleteAccount: (input: DeleteAccountInput) => apiRequest<null>("DELETE", "/users/me", input),
};

/** What the server takes as a fresh proof before a new way into the account (shared/step-up.ts). */
export type StepUpProof = { password?: string; code?: string; passkey?: AuthenticationResponseJSON };

export type MfaEnrolment = { secret: string; otpauthUri: string; qrCodeSvg: string };

/** The signed-in user's account. */
export const profileQuery = privateQuery<SessionUser>(["/auth/profile"]);

export const notificationSettingsQuery = privateQuery<NotificationSettings>(["/users/me/notification-preferences"]);

export const signInMethodsQuery = privateQuery<SignInMethods>(["/auth/identities"]);

export const passkeysQuery = privateQuery<{ passkeys: PasskeySummary[] }>(["/auth/passkeys"]);

export const deviceSessionsQuery = privateQuery<{ sessions: DeviceSession[] }>(["/auth/sessions"]);

import {
  type ChangeEmailInput,
  type DeleteAccountInput,
  type DeviceSession,
  myDataFileName,
  type NotificationSettings,
} from "../../../shared/account";
import type { SessionUser } from "../../../shared/auth";
import type { NotificationPreferences } from "../../../shared/notifications";
import { privateQuery } from "../../lib/api-query";
import { apiDownload, apiRequest } from "../../lib/http";

/** The /settings calls beyond the profile, photo, password and two-step sign-in (those are in features/auth/api.ts). */
export const accountApi = {
  /** Emails a code to the new address; the address changes once the code comes back. */
  requestEmailChange: (input: ChangeEmailInput) => apiRequest<{ pendingEmail: string }>("POST", "/auth/change-email", input),
  confirmEmailChange: (code: string) => apiRequest<SessionUser>("POST", "/auth/confirm-email-change", { code }),
  saveNotificationPreferences: (preferences: NotificationPreferences) =>
    apiRequest<NotificationSettings>("PUT", "/users/me/notification-preferences", { preferences }),
  signOutDevice: (sessionId: string) => apiRequest<null>("DELETE", `/auth/sessions/${encodeURIComponent(sessionId)}`, {}),
  /** The user's data as a JSON file (NDPA right of access). */
  downloadMyData: () => apiDownload("/users/me/export", myDataFileName(new Date())),
  deleteAccount: (input: DeleteAccountInput) => apiRequest<null>("DELETE", "/users/me", input),
};

export const notificationSettingsQuery = privateQuery<NotificationSettings>(["/users/me/notification-preferences"]);

export const deviceSessionsQuery = privateQuery<{ sessions: DeviceSession[] }>(["/auth/sessions"]);

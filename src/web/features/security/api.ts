import type { Page } from "../../../shared/paging";
import type { PasskeySummary } from "../../../shared/passkeys";
import type {
  AccountSignInMethods,
  AddressBlock,
  NotMeLinkPreview,
  NotMeResult,
  SecurityAlert,
  SecurityEventRow,
  SecurityEventsPage,
  SecuritySettings,
  SecuritySummary,
  SignInMethodRemoval,
  SignInMethodsReview,
} from "../../../shared/security";
import { apiDownload, apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

/** The access log's filters as the address and the API name them. */
export type EventFilters = { user?: string; type?: string; address?: string; outcome?: string; from?: string; to?: string };

export const ownActivityQuery = privateQuery<{ events: SecurityEventRow[] }>(["/account/security-activity"]);
export const securityEventsQuery = (filters: EventFilters & { page: number }) =>
  privateQuery<SecurityEventsPage>(["/admin/security/events", filters]);
export const alertsQuery = (status: "open" | "acknowledged", page: number) =>
  privateQuery<Page<SecurityAlert>>(["/admin/security/alerts", { status, page }]);
export const securitySettingsQuery = privateQuery<SecuritySettings>(["/admin/security/settings"]);
export const securitySummaryQuery = privateQuery<SecuritySummary>(["/admin/security/summary"]);
export const blocklistQuery = privateQuery<{ blocks: AddressBlock[] }>(["/admin/security/blocklist"]);

/** Every cached security-centre list starts with one of these paths: a change refreshes them all. */
export const SECURITY_PATHS = ["/admin/security", "/notifications"];

export const securityApi = {
  saveSettings: (settings: SecuritySettings) => apiRequest<SecuritySettings>("PUT", "/admin/security/settings", settings),
  signOutEverywhereElse: () => apiRequest<null>("POST", "/auth/sessions/sign-out-others", {}),
  acknowledge: (alertId: number) => apiRequest<SecurityAlert>("POST", `/admin/security/alerts/${alertId}/acknowledge`, {}),
  block: (input: { address: string; reason: string; expiresAt?: string; alertId?: number }) =>
    apiRequest<AddressBlock>("POST", "/admin/security/blocklist", input),
  unblock: (id: number) => apiRequest<null>("DELETE", `/admin/security/blocklist/${id}`, {}),
  notMePreview: (userId: string, token: string) => apiRequest<NotMeLinkPreview>("POST", "/auth/not-me/methods", { userId, token }),
  notMe: (userId: string, token: string, choice: SignInMethodRemoval) =>
    apiRequest<NotMeResult>("POST", "/auth/not-me", { userId, token, ...choice }),
  /** The signed-in account's passkeys and linked providers. */
  signInMethods: async (): Promise<AccountSignInMethods> => {
    const [keys, links] = await Promise.all([
      apiRequest<{ passkeys: PasskeySummary[] }>("GET", "/auth/passkeys"),
      apiRequest<{ identities: AccountSignInMethods["providers"] }>("GET", "/auth/identities"),
    ]);
    return { passkeys: keys.passkeys, providers: links.identities };
  },
  /** After a password reset, with its ticket: the passkeys and providers, and removing one. */
  reviewMethods: ({ userId, reviewTicket }: SignInMethodsReview) =>
    apiRequest<AccountSignInMethods>("POST", "/auth/sign-in-methods/review", { userId, ticket: reviewTicket }),
  removeReviewed: ({ userId, reviewTicket }: SignInMethodsReview, choice: SignInMethodRemoval) =>
    apiRequest<AccountSignInMethods>("POST", "/auth/sign-in-methods/remove", { userId, ticket: reviewTicket, ...choice }),
  removePasskey: (id: string) => apiRequest<null>("DELETE", `/auth/passkeys/${encodeURIComponent(id)}`, {}),
  unlinkProvider: (provider: string) => apiRequest<null>("DELETE", `/auth/identities/${encodeURIComponent(provider)}`, {}),
  downloadCsv: (filters: EventFilters) => {
    const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
    return apiDownload(`/admin/security/events.csv${query ? `?${query}` : ""}`, "security-events.csv");
  },
};

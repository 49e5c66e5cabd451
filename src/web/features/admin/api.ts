import type { AdminDashboard, AdminHealth, Announcement, AuditAction, AuditPage, SiteSettings } from "../../../shared/admin";
import type { AdminUserRow, AdminUsersFilters, AdminUsersPage, AdminUsersQuery, BulkApprovalResult } from "../../../shared/admin-users";
import type { Role } from "../../../shared/departments";
import type { Page } from "../../../shared/paging";
import { apiDownload, apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

/** Every cached page of the accounts list starts with this key. */
export const adminUsersKey = ["/admin/users"] as const;

export const adminUsersQuery = (query: AdminUsersQuery) =>
  privateQuery<AdminUsersPage>([
    ...adminUsersKey,
    { status: query.status, role: query.role, department: query.department, search: query.search, sort: query.sort, page: query.page },
  ]);

/** The accounts of these filters, in this order, every page of them, as the server's CSV file. */
export function downloadAccountsCsv(filters: AdminUsersFilters) {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return apiDownload(`/admin/users.csv${query ? `?${query}` : ""}`, "accounts.csv");
}

/** Several pending staff accounts let in at once (all or none). */
export const approveAccounts = (ids: string[]) => apiRequest<BulkApprovalResult>("POST", "/admin/users/approve", { ids });

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

export const approveAccount = (userId: string) => apiRequest<{ id: string }>("POST", `${userPath(userId)}/approve`, {});

/** What an account change answers: the account's id and the fields it changed. */
export type AccountChange = Pick<AdminUserRow, "id"> & Partial<Pick<AdminUserRow, "role" | "department" | "department_code" | "active">>;

/** The account changes of docs/api.md#administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff; each is refused for the admin's own account and the last active admin. */
export const accountChanges = {
  role: (userId: string, role: Role) => apiRequest<AccountChange>("PUT", `${userPath(userId)}/role`, { role }),
  department: (userId: string, department: string) => apiRequest<AccountChange>("PUT", `${userPath(userId)}/department`, { department }),
  block: (userId: string, blocked: boolean, reason?: string) =>
    apiRequest<AccountChange>("POST", `${userPath(userId)}/block`, { blocked, ...(reason ? { reason } : {}) }),
  remove: (userId: string) => apiRequest<AccountChange>("DELETE", userPath(userId)),
};

export const adminDashboardKey = ["/admin/dashboard"] as const;
export const adminDashboardQuery = () => privateQuery<AdminDashboard>([...adminDashboardKey]);
/** What counts or lists accounts: refreshed after any change of one (approved, blocked, deleted, another role). */
export const accountFiguresKeys = [adminUsersKey, adminDashboardKey];
export const adminHealthQuery = () => privateQuery<AdminHealth>(["/admin/health"]);
export const adminSettingsQuery = () => privateQuery<SiteSettings>(["/admin/settings"]);
export const saveSettings = (settings: SiteSettings) => apiRequest<SiteSettings>("PUT", "/admin/settings", settings);

export const auditLogQuery = (filters: { action?: AuditAction; search?: string; page: number }) =>
  privateQuery<AuditPage>(["/admin/audit-log", filters]);

export const sendAnnouncement = (announcement: { audience: string; title: string; body: string }) =>
  apiRequest<Announcement>("POST", "/admin/announcements", announcement);
export const announcementsQuery = (page: number) => privateQuery<Page<Announcement>>(["/announcements", { page }]);

import type { AdminUsersPage, AdminUsersQuery } from "../../../shared/admin-users";
import { privateQuery } from "../../lib/api-query";
import { apiRequest } from "../../lib/http";

export const adminUsersQuery = (query: AdminUsersQuery) =>
  privateQuery<AdminUsersPage>(["/admin/users", { status: query.status, role: query.role, search: query.search, page: query.page }]);

export const approveAccount = (userId: string) =>
  apiRequest<{ id: string }>("POST", `/admin/users/${encodeURIComponent(userId)}/approve`, {});

import { z } from "zod";
import { departmentNames, roles } from "./departments.js";
import { pageNumber } from "./fields.js";

/** The columns the accounts table sorts by; a leading "-" sorts descending (newest sign-in first: "-lastSignIn"). */
export const adminUserSortKeys = ["name", "email", "role", "department", "status", "lastSignIn", "created"] as const;
export type AdminUserSortKey = (typeof adminUserSortKeys)[number];
export const adminUserSorts = [...adminUserSortKeys, ...adminUserSortKeys.map((key) => `-${key}` as const)] as const;
export type AdminUserSort = (typeof adminUserSorts)[number];

export const adminUserStatuses = ["pending", "active", "blocked"] as const;
export type AdminUserStatus = (typeof adminUserStatuses)[number];

/** The filters and order of the accounts list and of its CSV export (GET /api/admin/users, /api/admin/users.csv). */
export const adminUsersFilters = z.object({
  /** pending: staff waiting for approval; blocked: deactivated; active: everyone else. */
  status: z.enum(adminUserStatuses, { error: "Unknown status." }).optional(),
  role: z.enum(roles, { error: "Unknown role." }).optional(),
  department: z.enum(departmentNames, { error: "Unknown department." }).optional(),
  search: z.string().trim().max(100, "Search must be 100 characters or fewer.").optional(),
  /** Without one: staff awaiting approval first, then the newest accounts. */
  sort: z.enum(adminUserSorts, { error: `Sort by one of ${adminUserSortKeys.join(", ")} (prefix - for descending).` }).optional(),
});

/** GET /api/admin/users (docs/api.md#administration-apiadmin-admins-only-401-without-a-session-403-for-clients-and-staff): the filters, the order and the page. */
export const adminUsersQuery = adminUsersFilters.extend({ page: pageNumber.default(1) });

export type AdminUsersFilters = z.output<typeof adminUsersFilters>;
export type AdminUsersQuery = z.output<typeof adminUsersQuery>;

export type { AdminUserRow, AdminUsersPage, BulkApprovalResult } from "./answers/users.js";

export const ADMIN_USERS_PAGE_SIZE = 25;

/** The most accounts one bulk approval lets in: a page of the table. */
export const BULK_APPROVAL_MAX = ADMIN_USERS_PAGE_SIZE;

/** POST /api/admin/users/approve: the pending staff accounts to let in at once, each in the department it registered in. */
export const bulkApprovalSchema = z.object({
  ids: z
    .array(z.uuid("Each account is an id."), { error: "Choose the accounts to approve." })
    .min(1, "Choose the accounts to approve.")
    .max(BULK_APPROVAL_MAX, `Approve at most ${BULK_APPROVAL_MAX} accounts at once.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each account can be chosen once."),
});

export const approvalMessages = {
  notPending: "Only staff accounts awaiting approval can be approved. Refresh the list: someone may have approved or blocked them.",
  approved: "Account approved.",
} as const;

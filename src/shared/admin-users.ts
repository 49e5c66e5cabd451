import { z } from "zod";
import { roles } from "./departments.js";
import type { Page } from "./paging.js";

/** GET /api/admin/users (docs/api.md#accounts-apiauth "params"): filters of the admin's user list. */
export const adminUsersQuery = z.object({
  /** pending: staff waiting for approval; blocked: deactivated; active: everyone else. */
  status: z.enum(["pending", "active", "blocked"], { error: "Unknown status." }).optional(),
  role: z.enum(roles, { error: "Unknown role." }).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export type AdminUsersQuery = z.output<typeof adminUsersQuery>;

export type AdminUserRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: (typeof roles)[number];
  department: string;
  department_code: string | null;
  avatar: string | null;
  active: boolean;
  approved: boolean;
  emailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
};

export type AdminUsersPage = Page<AdminUserRow> & {
  /** How many accounts wait for approval, whatever the filters. */
  pendingCount: number;
};

export const ADMIN_USERS_PAGE_SIZE = 25;

import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { ADMIN_USERS_PAGE_SIZE, type AdminUserRow, type AdminUsersPage, type adminUsersQuery } from "../../../shared/admin-users.js";
import { ApiError } from "../../../shared/api.js";
import type { DirectoryEntry } from "../../../shared/staff-directory.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { users } from "../../db/schema.js";
import { activeStaff, awaitingApproval } from "../../db/staff-accounts.js";
import { reencodeImage } from "../../platform/images.js";
import type { Mailer } from "../../platform/mail.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import type { FileStorage } from "../../platform/storage.js";
import { recordAdminAction } from "../admin/index.js";

const AVATAR_SIZE = 256;

const statusConditions: Record<"pending" | "active" | "blocked", SQL | undefined> = {
  pending: awaitingApproval,
  blocked: eq(users.active, false),
  active: and(eq(users.active, true), or(isNotNull(users.approvedAt), sql`${users.role} <> 'staff'`)),
};

type UserRow = typeof users.$inferSelect;

const toAdminRow = (user: UserRow): AdminUserRow => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role as AdminUserRow["role"],
  department: user.department,
  department_code: user.departmentCode,
  avatar: user.avatarUrl,
  active: user.active,
  approved: user.approvedAt !== null,
  emailVerified: user.emailVerifiedAt !== null,
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

/** The staff directory, account approvals and profile photos. */
export function createUsersService(deps: { db: AppDb; mailer: Mailer; storage: FileStorage; publicOrigin: string }) {
  const { db, storage } = deps;
  return {
    /** Stores a new profile photo (checked, re-encoded, square) and drops the old one. */
    async setAvatar(userId: string, upload: Buffer): Promise<{ avatar: string }> {
      const image = await reencodeImage(upload, { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" });
      const [previous] = await db.select({ avatarUrl: users.avatarUrl }).from(users).where(eq(users.id, userId));
      const key = `avatars/${userId}-${randomUUID()}.webp`;
      const url = await storage.save(key, image);
      try {
        await db.update(users).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(users.id, userId));
      } catch (error) {
        // Nothing is left behind by an upload that could not be recorded.
        await storage.remove(key);
        throw error;
      }
      const oldKey = previous?.avatarUrl ? storage.keyOf(previous.avatarUrl) : null;
      if (oldKey) await storage.remove(oldKey);
      return { avatar: url };
    },

    /** Active, approved staff and admins, by department then name. */
    async directory(): Promise<DirectoryEntry[]> {
      const rows = await db
        .select()
        .from(users)
        .where(and(activeStaff, isNotNull(users.emailVerifiedAt)))
        .orderBy(asc(users.department), asc(users.lastName), asc(users.firstName));
      return rows.map((user) => ({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        role: user.role,
        department: user.department,
        department_code: user.departmentCode,
        avatar: user.avatarUrl,
      }));
    },

    /** The admin's list of every account: pending staff first when no status is chosen, then newest. */
    async listForAdmin(query: z.output<typeof adminUsersQuery>): Promise<AdminUsersPage> {
      const where = and(
        query.status ? statusConditions[query.status] : undefined,
        query.role ? eq(users.role, query.role) : undefined,
        query.search
          ? or(
              ilike(users.email, containing(query.search)),
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containing(query.search)),
            )
          : undefined,
      );
      const request = { page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
      const [rows, [counted], [pending]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(sql`${awaitingApproval}`), desc(users.createdAt))
          .limit(ADMIN_USERS_PAGE_SIZE)
          .offset(offsetOf(request)),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(awaitingApproval),
      ]);
      return { ...pageOf(rows.map(toAdminRow), counted?.total ?? 0, request), pendingCount: pending?.total ?? 0 };
    },

    /** An admin lets a pending staff account in, and the staff member is told by email. */
    async approve(userId: string, adminId: string, origin: RequestOrigin) {
      if (!isUuid(userId)) throw new ApiError(404, "Account not found.", "not_found");
      const user = await db.transaction(async (tx) => {
        const [approved] = await tx
          .update(users)
          .set({ approvedAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        if (!approved) throw new ApiError(404, "Account not found.", "not_found");
        await recordAdminAction(
          tx,
          { id: adminId, ipAddress: origin.ipAddress },
          {
            action: "user.approved",
            target: { id: approved.id, label: approved.email },
            after: { approved: true },
          },
        );
        return approved;
      });
      await recordSecurityEvent(
        db,
        { type: "account_approved", outcome: "success", userId: user.id, email: user.email, reason: `approved by ${adminId}` },
        origin,
      );
      await deps.mailer.send({
        to: user.email,
        subject: "Your Crestbuild staff account is approved",
        kind: "account_approved",
        content: {
          recipientName: user.firstName,
          paragraphs: [`An administrator has approved your staff account in ${user.department}. You can sign in now.`],
          action: { label: "Sign in", url: `${deps.publicOrigin}/login` },
        },
      });
      return { id: user.id, approvedAt: user.approvedAt?.toISOString() ?? null };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { type AdminUsersPage, type AdminUsersQuery, approvalMessages, type BulkApprovalResult } from "../../../shared/admin-users.js";
import { ApiError } from "../../../shared/api.js";
import { type StaffDetails, staffRecordMessages } from "../../../shared/people.js";
import { countOf } from "../../../shared/plural.js";
import type { DirectoryEntry } from "../../../shared/staff-directory.js";
import { isUuid } from "../../../shared/uuid.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { activeStaff, awaitingApproval } from "../../db/staff-accounts.js";
import { reencodeImage } from "../../platform/images.js";
import type { Mailer } from "../../platform/mail.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import type { FileStorage } from "../../platform/storage.js";
import { recordAdminAction } from "../admin/index.js";
import { createAccountsTable } from "./accounts-table.js";

const AVATAR_SIZE = 256;

/** Who lets an account in: an admin, or HR (src/shared/access.ts canApproveStaff); the audit log keeps which person it was. */
export type Approver = RequestOrigin & { id: string; as: "admin" | "HR" };

const approvedBy = { admin: "An administrator", HR: "Human resources" } as const;

const accountNotFound = () => new ApiError(404, "Account not found.", "not_found");
const notPending = (message: string = approvalMessages.notPending) => new ApiError(409, message, "not_pending");

/** The staff directory, account approvals and profile photos. */
export function createUsersService(deps: { db: AppDb; mailer: Mailer; storage: FileStorage; publicOrigin: string }) {
  const { db, storage } = deps;
  const accountsTable = createAccountsTable(db);

  /**
   * Approves exactly these accounts, each of which must be a staff account awaiting approval (the update's condition
   * rechecks it under the row lock, so two approvers at once cannot both succeed), with one audit line each.
   */
  async function approveInTransaction(tx: AppDb, ids: string[], approver: Approver) {
    const approved = await tx
      .update(users)
      .set({ approvedAt: new Date(), updatedAt: new Date() })
      .where(and(inArray(users.id, ids), awaitingApproval))
      .returning();
    if (approved.length !== ids.length) {
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      if (ids.length === 1) throw found.length === 0 ? accountNotFound() : notPending();
      const refused = ids.length - approved.length;
      throw notPending(
        `${countOf(refused, "chosen account is", "chosen accounts are")} not awaiting approval, so none was approved. ${approvalMessages.notPending}`,
      );
    }
    for (const user of approved) {
      await recordAdminAction(tx, approver, {
        action: "user.approved",
        target: { id: user.id, label: user.email },
        after: { approved: true, department: user.department, approvedAs: approver.as },
      });
    }
    return approved;
  }

  /** The security log's line and the owner's email, once the approval is saved. */
  async function announceApproval(user: typeof users.$inferSelect, approver: Approver) {
    await recordSecurityEvent(
      db,
      { type: "account_approved", outcome: "success", userId: user.id, email: user.email, reason: `approved by ${approver.id}` },
      approver,
    );
    const who = approvedBy[approver.as];
    await deps.mailer.send({
      to: user.email,
      subject: "Your Crestbuild staff account is approved",
      kind: "account_approved",
      content: {
        recipientName: user.firstName,
        paragraphs: [`${who} has approved your staff account in ${user.department}. You can sign in now.`],
        action: { label: "Sign in", url: `${deps.publicOrigin}/login` },
      },
    });
  }

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
        jobTitle: user.jobTitle,
        phoneExtension: user.phoneExtension,
      }));
    },

    /** The admin's table of every account: filtered, sorted and paged in SQL. */
    listForAdmin: (query: AdminUsersQuery): Promise<AdminUsersPage> => accountsTable.page(query),

    /** The same accounts as a CSV file, streamed batch by batch. */
    accountsCsv: accountsTable.csv,

    /** An admin or HR lets one pending staff account in; its owner is emailed. Anything but a pending account is refused. */
    async approve(userId: string, approver: Approver) {
      if (!isUuid(userId)) throw accountNotFound();
      const [user] = await db.transaction((tx) => approveInTransaction(tx, [userId], approver));
      if (!user) throw accountNotFound();
      await announceApproval(user, approver);
      return { id: user.id, approvedAt: user.approvedAt?.toISOString() ?? null };
    },

    /**
     * An admin lets several pending staff accounts in at once, each in the department it registered in (its code
     * was issued then): all of them or, when any is not awaiting approval any more, none. Each is audited and emailed.
     */
    async approveMany(ids: string[], approver: Approver): Promise<BulkApprovalResult> {
      const approved = await db.transaction((tx) => approveInTransaction(tx, ids, approver));
      for (const user of approved) await announceApproval(user, approver);
      return { approved: approved.map((user) => ({ id: user.id, email: user.email })) };
    },

    /** HR or an admin sets a staff member's (or admin's) job title and extension; audited with what it was before. */
    async updateStaffDetails(actor: { id: string; ipAddress: string }, userId: string, details: StaffDetails) {
      const notFound = () => new ApiError(404, staffRecordMessages.notFound, "not_found");
      if (!isUuid(userId)) throw notFound();
      return db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        // Clients have no staff record.
        if (!user || user.role === "user") throw notFound();
        const unchanged = user.jobTitle === details.jobTitle && user.phoneExtension === details.phoneExtension;
        if (!unchanged) {
          await tx
            .update(users)
            .set({ jobTitle: details.jobTitle, phoneExtension: details.phoneExtension, updatedAt: new Date() })
            .where(eq(users.id, user.id));
          await recordAdminAction(tx, actor, {
            action: "staff.details_changed",
            target: { id: user.id, label: user.email },
            before: { jobTitle: user.jobTitle, phoneExtension: user.phoneExtension },
            after: details,
          });
        }
        return { id: user.id, ...details };
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

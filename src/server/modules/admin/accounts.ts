import { and, eq, inArray, isNull } from "drizzle-orm";
import { adminMessages } from "../../../shared/admin.js";
import { ApiError } from "../../../shared/api.js";
import { type DepartmentName, departmentCodeFor, GENERAL_USERS, type Role } from "../../../shared/departments.js";
import type { AppDb } from "../../db/client.js";
import { sessions, users } from "../../db/schema.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { FileStorage } from "../../platform/storage.js";
import { anotherAdminCanSignIn, deleteAccountRecords } from "../account/index.js";
import { type AdminActor, recordAdminAction } from "./audit-log.js";

type UserRow = typeof users.$inferSelect;

const notFound = () => new ApiError(404, adminMessages.accountNotFound, "not_found");
const lastAdmin = () => new ApiError(409, adminMessages.lastAdmin, "last_admin");
const notReadyForAdmin = () => new ApiError(409, adminMessages.notReadyForAdmin, "not_ready_for_admin");
const notYourself = () => new ApiError(409, adminMessages.notYourself, "not_yourself");

const targetOf = (user: UserRow) => ({ id: user.id, label: user.email });

/** The account, locked until the transaction ends (two admins changing it at once take turns). */
async function lockedUser(tx: AppDb, userId: string): Promise<UserRow> {
  // A malformed id is simply no account, not a database error.
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw notFound();
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw notFound();
  return user;
}

/**
 * Refuses to take away the last admin who can sign in. The other admins' rows are locked, so two admins demoting
 * or blocking each other at the same moment cannot leave the company with none.
 */
async function keepAnAdminWhoCanSignIn(tx: AppDb, target: UserRow) {
  if (target.role !== "admin" || !target.active) return;
  if (!(await anotherAdminCanSignIn(tx, target.id))) throw lastAdmin();
}

/** A department_code in the docs/product.md#departments format (two letters, five digits) that no account has yet. */
async function freeDepartmentCode(tx: AppDb, department: string): Promise<string> {
  const candidates = Array.from({ length: 8 }, () => departmentCodeFor(department));
  const taken = await tx.select({ code: users.departmentCode }).from(users).where(inArray(users.departmentCode, candidates));
  const free = candidates.find((code) => !taken.some((row) => row.code === code));
  if (!free) throw new Error("no free department code among 8 random ones");
  return free;
}

/** Ends every open session of the account (its tokens are refused from the next request on). */
async function endSessions(tx: AppDb, userId: string) {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** An admin's changes to other people's accounts: role, department, block, deletion; each one audited. */
export function createAdminAccounts(deps: { db: AppDb; hub: RealtimeHub; storage: FileStorage }) {
  const { db, hub } = deps;

  /** Runs a change of another person's account inside one transaction with its audit line. */
  function changeAccount<T>(userId: string, change: (tx: AppDb, user: UserRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => change(tx, await lockedUser(tx, userId)));
  }

  // The person's open connections (on every instance) read their role and department again at once.
  const accessChanged = (userId: string) => hub.publish([userId], { type: "account.changed" });

  return {
    /** PUT /admin/users/{id}/role. Nobody demotes themself; the last active admin stays one. */
    async changeRole(actor: AdminActor, userId: string, role: Role) {
      const result = await changeAccount(userId, async (tx, user) => {
        if (user.role === role) return { id: user.id, role, department: user.department, department_code: user.departmentCode };
        if (user.id === actor.id) throw notYourself();
        // Only an account that can sign in becomes an admin: the last-admin guard counts on nobody else.
        if (role === "admin" && (!user.approvedAt || !user.emailVerifiedAt)) throw notReadyForAdmin();
        if (role !== "admin") await keepAnAdminWhoCanSignIn(tx, user);
        // A client made staff gets a code; staff made a client go back to General Users without one.
        const department = role === "user" ? GENERAL_USERS : user.department;
        const departmentCode = role === "user" ? null : (user.departmentCode ?? (await freeDepartmentCode(tx, department)));
        await tx.update(users).set({ role, department, departmentCode, updatedAt: new Date() }).where(eq(users.id, user.id));
        await recordAdminAction(tx, actor, {
          action: "user.role_changed",
          target: targetOf(user),
          before: { role: user.role, department: user.department },
          after: { role, department },
        });
        return { id: user.id, role, department, department_code: departmentCode };
      });
      await accessChanged(userId);
      return result;
    },

    /** PUT /admin/users/{id}/department: a new department and a new department_code; their dashboard follows. */
    async changeDepartment(actor: AdminActor, userId: string, department: DepartmentName) {
      const result = await changeAccount(userId, async (tx, user) => {
        if (user.role === "user") throw new ApiError(409, adminMessages.clientHasNoDepartment, "client_department");
        if (user.department === department) return { id: user.id, department, department_code: user.departmentCode };
        const departmentCode = await freeDepartmentCode(tx, department);
        await tx.update(users).set({ department, departmentCode, updatedAt: new Date() }).where(eq(users.id, user.id));
        await recordAdminAction(tx, actor, {
          action: "user.department_changed",
          target: targetOf(user),
          before: { department: user.department, department_code: user.departmentCode },
          after: { department, department_code: departmentCode },
        });
        return { id: user.id, department, department_code: departmentCode };
      });
      await accessChanged(userId);
      return result;
    },

    /**
     * POST /admin/users/{id}/block. Blocking ends every session at once (the next request, refresh and open
     * connection are refused with 'Account is deactivated'); unblocking lets the person sign in again.
     */
    async setBlocked(actor: AdminActor, userId: string, blocked: boolean, reason: string | undefined) {
      const result = await changeAccount(userId, async (tx, user) => {
        if (user.active !== blocked) return { id: user.id, active: user.active };
        if (user.id === actor.id) throw notYourself();
        if (blocked) {
          await keepAnAdminWhoCanSignIn(tx, user);
          await endSessions(tx, user.id);
        }
        await tx.update(users).set({ active: !blocked, updatedAt: new Date() }).where(eq(users.id, user.id));
        await recordAdminAction(tx, actor, {
          action: blocked ? "user.blocked" : "user.unblocked",
          target: targetOf(user),
          before: { active: user.active },
          // A reason is a block's: an unblock records none, whatever came with it.
          after: { active: !blocked, ...(blocked && reason ? { reason } : {}) },
        });
        return { id: user.id, active: !blocked };
      });
      if (blocked) await hub.publish([userId], { type: "account.deactivated" });
      return result;
    },

    /**
     * DELETE /admin/users/{id}: as when people delete their own account, their projects stay without a client,
     * their messages, site diary entries, photos and documents stay without their name; the rest goes.
     */
    async deleteUser(actor: AdminActor, userId: string) {
      const user = await changeAccount(userId, async (tx, user) => {
        if (user.id === actor.id) throw notYourself();
        if (!(await deleteAccountRecords(tx, user))) throw lastAdmin();
        await recordAdminAction(tx, actor, {
          action: "user.deleted",
          target: targetOf(user),
          before: { email: user.email, name: `${user.firstName} ${user.lastName}`, role: user.role, department: user.department },
        });
        return user;
      });
      const avatarKey = user.avatarUrl ? deps.storage.keyOf(user.avatarUrl) : null;
      if (avatarKey) await deps.storage.remove(avatarKey);
      await hub.publish([user.id], { type: "account.deactivated" });
      return { id: user.id };
    },
  };
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;

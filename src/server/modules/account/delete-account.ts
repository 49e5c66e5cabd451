import { createHash } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import { accountMessages } from "../../../shared/account.js";
import { ApiError } from "../../../shared/api.js";
import type { AppDb } from "../../db/client.js";
import { contactInquiries, securityAlerts, securityEvents, users } from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { anotherAdminCanSignIn } from "./admins-who-can-sign-in.js";
import type { AccountDeps } from "./deps.js";
import { requirePasswordAndCode, userWithPassword } from "./password-check.js";

/**
 * What the access log names a deleted account by instead of its email address: the same for all its events, so that
 * they still read as one account's, and nothing that leads back to the person or their address.
 */
export const pseudonymOf = (userId: string) => `deleted-account-${createHash("sha256").update(userId).digest("hex").slice(0, 12)}`;

/**
 * Deletes an account's row unless it is the last admin who can sign in (then answers false and changes nothing).
 * The database's foreign keys decide what goes with it (see createAccountDeletion); inquiries waiting on the
 * person go back to the inbox; the access log keeps its events (and alerts) under a pseudonym (addresses and browsers stay, for
 * investigations, until the log's retention removes them). Account deletion by its owner and by an admin both come here.
 */
export async function deleteAccountRecords(db: AppDb, user: { id: string; role: string; email: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (user.role === "admin" && !(await anotherAdminCanSignIn(tx, user.id))) return false;
    // Inquiries waiting on this person go back to the inbox rather than stay assigned to no one.
    await tx
      .update(contactInquiries)
      .set({ status: "new", assignedToId: null })
      .where(and(eq(contactInquiries.assignedToId, user.id), eq(contactInquiries.status, "assigned")));
    await tx
      .update(securityEvents)
      .set({ email: pseudonymOf(user.id) })
      .where(or(eq(securityEvents.userId, user.id), eq(securityEvents.email, user.email)));
    await tx
      .update(securityAlerts)
      .set({ subject: pseudonymOf(user.id) })
      .where(eq(securityAlerts.subject, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    return true;
  });
}

/**
 * Deletes the caller's account for good. The database's foreign keys decide what goes with it: sessions,
 * codes, notifications and preferences are deleted; projects, messages, blog posts and site diary entries
 * stay in the company's records without the person (their reference is set to null).
 */
export function createAccountDeletion(deps: AccountDeps) {
  const { db, mailer, storage } = deps;

  return {
    async deleteAccount(userId: string, input: { password: string; code?: string }, origin: RequestOrigin): Promise<void> {
      const checked = await userWithPassword(db, userId, input.password);
      const { user } = checked;
      const fail = async (reason: string, error: ApiError): Promise<never> => {
        await recordSecurityEvent(db, { type: "account_deleted", outcome: "failure", reason, userId, email: user.email }, origin);
        throw error;
      };
      await requirePasswordAndCode(deps.mfa, checked, input.code, fail);

      const deleted = await deleteAccountRecords(db, user);
      if (!deleted) return fail("last_admin", new ApiError(409, accountMessages.lastAdmin, "last_admin"));

      const avatarKey = user.avatarUrl ? storage.keyOf(user.avatarUrl) : null;
      if (avatarKey) await storage.remove(avatarKey);
      await recordSecurityEvent(db, { type: "account_deleted", outcome: "success", userId: null, email: pseudonymOf(userId) }, origin);
      await mailer.send({
        to: user.email,
        subject: "Your Crestbuild account has been deleted",
        kind: "account_deleted",
        content: {
          recipientName: user.firstName,
          audience: "deleted account",
          paragraphs: [
            `As you asked, your Crestbuild account (${user.email}) has been deleted, with your profile, photo, settings, notifications and sign-in sessions.`,
            "Projects where you were the client stay in the company's records, as building records must, but no longer linked to any account. Messages you wrote stay in their conversations without your name.",
            [
              "If you did not ask for this, contact us straight away through ",
              { link: `${deps.publicOrigin}/contact`, label: "our contact page" },
              ".",
            ],
          ],
        },
      });
    },
  };
}

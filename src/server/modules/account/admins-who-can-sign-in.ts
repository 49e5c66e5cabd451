import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";

/**
 * Whether an admin other than `userId` can sign in (active, approved, email confirmed): a blocked admin, or one
 * made admin before confirming their address, could not take over if the last one left. Their rows are locked
 * until the transaction ends, so two last admins demoting, blocking or deleting each other take turns.
 */
export async function anotherAdminCanSignIn(tx: AppDb, userId: string): Promise<boolean> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, "admin"),
        eq(users.active, true),
        isNotNull(users.approvedAt),
        isNotNull(users.emailVerifiedAt),
        ne(users.id, userId),
      ),
    )
    .for("update");
  return others.length > 0;
}

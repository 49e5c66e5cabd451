import { and, asc, eq, isNull } from "drizzle-orm";
import type { AdminWithoutTwoStep } from "../../../shared/admin.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";

/**
 * The active admins who sign in with a password alone (no authenticator app; a passkey does not count, as
 * docs/decisions/098-two-step-required-on-every-request.md explains): flagged on /admin and /security until they
 * turn two-step sign-in on.
 */
export async function adminsWithoutTwoStep(db: AppDb): Promise<AdminWithoutTwoStep[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true), isNull(users.mfaEnabledAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email }));
}

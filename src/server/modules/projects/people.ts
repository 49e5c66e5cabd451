import { and, asc, eq, ilike, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { ClientOption, PersonRef } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { users } from "../../db/schema.js";
import { activeStaff } from "../../db/staff-accounts.js";
import { invalidField } from "./guard.js";

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** A person reference from the columns of a (left-joined) user, or null when there is none. */
export function personRef(id: string | null, firstName: string | null, lastName: string | null, avatar: string | null): PersonRef | null {
  if (!id) return null;
  return { id, name: fullName({ firstName: firstName ?? "", lastName: lastName ?? "" }), avatar };
}

/**
 * Checks the people given to a project: the client must be a client account, the manager and the
 * team active, approved staff (or admins).
 */
export async function assertProjectPeople(
  db: AppDb,
  people: { clientId?: string | null; managerId?: string | null; teamIds?: readonly string[] },
) {
  if (people.clientId) {
    const [client] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, people.clientId), eq(users.role, "user")));
    if (!client) throw invalidField("clientId", "Choose a client account.");
  }
  const staffIds = [...new Set([...(people.managerId ? [people.managerId] : []), ...(people.teamIds ?? [])])];
  if (staffIds.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, staffIds), activeStaff));
  const staff = new Set(found.map((row) => row.id));
  if (people.managerId && !staff.has(people.managerId)) throw invalidField("managerId", "Choose a staff member as project manager.");
  if ((people.teamIds ?? []).some((id) => !staff.has(id))) throw invalidField("teamIds", "Every team member must be a staff member.");
}

/** Client accounts (active, email confirmed) whose name, email or company contains the search: 20 at most, by name. */
export async function findClients(db: AppDb, search: string | undefined): Promise<ClientOption[]> {
  const pattern = search ? containing(search) : null;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, company: users.company })
    .from(users)
    .where(
      and(
        eq(users.role, "user"),
        eq(users.active, true),
        isNotNull(users.emailVerifiedAt),
        pattern
          ? or(
              ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
              ilike(users.email, pattern),
              ilike(users.company, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(20);
  return rows.map((row) => ({ id: row.id, name: fullName(row), email: row.email, company: row.company }));
}

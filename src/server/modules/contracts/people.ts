import { inArray } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";

/** The people these ids name, as answers show them; a deleted account's id is simply absent. */
export async function peopleNamed(db: AppDb, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
        .from(users)
        .where(inArray(users.id, wanted))
    : [];
  return new Map(rows.map((row) => [row.id, { id: row.id, name: `${row.firstName} ${row.lastName}`, avatar: row.avatar }]));
}

import { eq } from "drizzle-orm";
import type { z } from "zod";
import { ApiError } from "../../../shared/api.js";
import type { profileSchema, SessionUser } from "../../../shared/auth.js";
import { users } from "../../db/schema.js";
import { findUserById, toSessionUser } from "../auth/index.js";
import type { AccountDeps } from "./deps.js";

const accountNotFound = () => new ApiError(404, "Account not found.", "not_found");

/** The caller's own details (/settings, GET and PUT /api/auth/profile, PUT /api/auth/update-user). */
export function createProfile({ db }: Pick<AccountDeps, "db">) {
  return {
    async read(userId: string): Promise<SessionUser> {
      const user = await findUserById(db, userId);
      if (!user) throw accountNotFound();
      return toSessionUser(user);
    },

    /** Saves the fields given; the others keep their values. */
    async update(userId: string, changes: z.output<typeof profileSchema>): Promise<SessionUser> {
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw accountNotFound();
      return toSessionUser(user);
    },
  };
}

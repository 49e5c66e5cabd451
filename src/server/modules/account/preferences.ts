import { eq } from "drizzle-orm";
import type { NotificationSettings } from "../../../shared/account.js";
import { ApiError } from "../../../shared/api.js";
import {
  type NotificationChannels,
  type NotificationKind,
  notificationKindLabels,
  resolvePreferences,
} from "../../../shared/notifications.js";
import { wording } from "../../../shared/wording.js";
import { users } from "../../db/schema.js";
import type { AccountDeps } from "./deps.js";

/** Which notifications each user gets in the bell and by email, per kind of event (notify() reads them). */
export function createPreferences({ db }: Pick<AccountDeps, "db">) {
  async function read(userId: string): Promise<NotificationSettings> {
    const [user] = await db.select({ stored: users.notificationPreferences }).from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(401, wording.authenticationFailed, "unauthenticated");
    return { preferences: resolvePreferences(user.stored), labels: notificationKindLabels };
  }

  return {
    read,

    /** Saves the kinds given over the current choices; the others keep theirs. */
    async save(userId: string, changes: Partial<Record<NotificationKind, NotificationChannels>>): Promise<NotificationSettings> {
      const current = await read(userId);
      await db
        .update(users)
        .set({ notificationPreferences: { ...current.preferences, ...changes }, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return read(userId);
    },
  };
}

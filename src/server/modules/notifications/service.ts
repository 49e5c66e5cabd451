import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type NotificationKind, resolvePreferences } from "../../../shared/notifications.js";
import type { NotificationItem } from "../../../shared/realtime.js";
import type { AppDb } from "../../db/client.js";
import { notifications, users } from "../../db/schema.js";
import type { EmailParagraph, EmailPhoto } from "../../platform/email-layout.js";
import type { Mailer } from "../../platform/mail.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";

export type NewNotification = {
  kind: NotificationKind;
  title: string;
  body?: string;
  /** The portal path it opens, e.g. /dashboard/projects/12. */
  link?: string | null;
  projectId?: number | null;
  /** Photos it is about, shown as thumbnails in its email (the bell shows none), and how many there are in all. */
  photos?: readonly EmailPhoto[];
  photoTotal?: number;
  /** Its email's own button and afterword for each recipient, instead of "Open it in the portal" (a signed link). */
  email?: (userId: string) => NotificationEmail;
};

/** What a notification's email says beyond its title and text, for one recipient. */
export type NotificationEmail = { action: { label: string; url: string }; afterword?: readonly EmailParagraph[] };

const PAGE_SIZE = 20;

type NotificationRow = typeof notifications.$inferSelect;

const toItem = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  projectId: row.projectId,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The bell's page (the latest, or those before an id) with the unread count, and the count alone. */
function prepareBell(db: AppDb, older: boolean) {
  const userId = sql.placeholder("userId");
  const unread = db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const page = db
    .select({ notification: notifications, unread: sql<number>`(${unread})` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), older ? lt(notifications.id, sql.placeholder("before")) : undefined))
    .orderBy(desc(notifications.id))
    .limit(PAGE_SIZE)
    .prepare(`bell_${older ? "older" : "latest"}`);
  return { page, unread: unread.prepare("bell_unread") };
}

/** The bell: tells people what happened, in the app (live) and by email, as each of them prefers. */
export function createNotificationsService(deps: { db: AppDb; mailer: Mailer; hub: RealtimeHub; publicOrigin: string }) {
  const { db, hub } = deps;
  const bell = { latest: prepareBell(db, false), older: prepareBell(db, true) };
  return {
    /** Notifies these users (the one who caused the event is left out by the caller). */
    async notify(userIds: readonly string[], notification: NewNotification): Promise<void> {
      const recipients = [...new Set(userIds)];
      if (recipients.length === 0) return;
      const people = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, preferences: users.notificationPreferences })
        .from(users)
        .where(and(inArray(users.id, recipients), eq(users.active, true)));
      for (const person of people) {
        const channels = resolvePreferences(person.preferences)[notification.kind];
        if (channels.inApp) {
          const [row] = await db
            .insert(notifications)
            .values({
              userId: person.id,
              kind: notification.kind,
              title: notification.title,
              body: notification.body ?? "",
              link: notification.link ?? null,
              projectId: notification.projectId ?? null,
            })
            .returning();
          if (row) await hub.publish([person.id], { type: "notification", notification: toItem(row) });
        }
        if (channels.email) {
          const own = notification.email?.(person.id);
          await deps.mailer.send({
            to: person.email,
            subject: notification.title,
            kind: `notification_${notification.kind}`,
            content: {
              recipientName: person.firstName,
              paragraphs: [{ strong: notification.title }, ...(notification.body ? [notification.body] : [])],
              photos: notification.photos,
              photoTotal: notification.photoTotal,
              action: own?.action ?? { label: "Open it in the portal", url: `${deps.publicOrigin}${notification.link ?? "/dashboard"}` },
              afterword: own?.afterword,
            },
          });
        }
      }
    },

    /**
     * The newest notifications first, 20 at a time (before: the id of the last one already shown), and the unread
     * count, in one prepared query: the count is a scalar subquery on notifications_unread_idx, taken once.
     */
    async list(userId: string, before?: number): Promise<{ items: NotificationItem[]; unread: number }> {
      const statement = before ? bell.older : bell.latest;
      const rows = await statement.page.execute({ userId, before });
      // No row to carry the count (nothing yet, or before the first one): it is counted apart.
      const unread = rows[0]?.unread ?? (await statement.unread.execute({ userId }))[0]?.unread ?? 0;
      return { items: rows.map((row) => toItem(row.notification)), unread };
    },

    /** Marks some (or, without ids, all) of a user's notifications read. */
    async markRead(userId: string, ids?: readonly number[]): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications.id, ids.length > 0 ? [...ids] : [-1]) : undefined,
          ),
        );
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

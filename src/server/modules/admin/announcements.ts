import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Viewer } from "../../../shared/access.js";
import { ANNOUNCE_TO_ALL, type Announcement, type announcementSchema } from "../../../shared/admin.js";
import type { Page } from "../../../shared/paging.js";
import type { AppDb } from "../../db/client.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { announcements, users } from "../../db/schema.js";
import { activeStaff } from "../../db/staff-accounts.js";
import { type AdminActor, recordAdminAction } from "./audit-log.js";

export const ANNOUNCEMENTS_PAGE_SIZE = 20;
const ANNOUNCEMENTS_PATH = "/dashboard/announcements";

type Notify = (
  userIds: readonly string[],
  notification: { kind: "announcement"; title: string; body?: string; link?: string },
) => Promise<void>;

/** Team communication: an admin's announcements to all staff or one department, in the bell (live) and listed in the portal. */
export function createAnnouncements(deps: { db: AppDb; notify: Notify }) {
  const { db } = deps;
  return {
    async send(actor: AdminActor, input: z.output<typeof announcementSchema>): Promise<Announcement> {
      const row = await db.transaction(async (tx) => {
        const [saved] = await tx
          .insert(announcements)
          .values({ authorId: actor.id, ...input })
          .returning();
        if (!saved) throw new Error("announcement insert returned no row");
        await recordAdminAction(tx, actor, {
          action: "announcement.sent",
          target: { id: String(saved.id), label: input.audience === ANNOUNCE_TO_ALL ? "All staff" : input.audience },
          after: { audience: input.audience, title: input.title },
        });
        return saved;
      });
      // Active, approved staff and admins of the audience, but the author.
      const recipients = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(activeStaff, ne(users.id, actor.id), input.audience === ANNOUNCE_TO_ALL ? undefined : eq(users.department, input.audience)),
        );
      await deps.notify(
        recipients.map((recipient) => recipient.id),
        { kind: "announcement", title: input.title, body: input.body, link: ANNOUNCEMENTS_PATH },
      );
      const [author] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id));
      return toAnnouncement({ ...row, authorFirstName: author?.firstName ?? null, authorLastName: author?.lastName ?? null });
    },

    /** What the viewer was sent (admins see every announcement), newest first. */
    async list(viewer: Viewer, page: number): Promise<Page<Announcement>> {
      const where =
        viewer.role === "admin"
          ? undefined
          : or(eq(announcements.audience, ANNOUNCE_TO_ALL), eq(announcements.audience, viewer.department));
      const request = { page, pageSize: ANNOUNCEMENTS_PAGE_SIZE };
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: announcements.id,
            audience: announcements.audience,
            title: announcements.title,
            body: announcements.body,
            createdAt: announcements.createdAt,
            authorFirstName: users.firstName,
            authorLastName: users.lastName,
          })
          .from(announcements)
          .leftJoin(users, eq(users.id, announcements.authorId))
          .where(where)
          .orderBy(desc(announcements.id))
          .limit(ANNOUNCEMENTS_PAGE_SIZE)
          .offset(offsetOf(request)),
        db.select({ total: sql<number>`count(*)::int` }).from(announcements).where(where),
      ]);
      return pageOf(rows.map(toAnnouncement), counted?.total ?? 0, request);
    },
  };
}

type AnnouncementRow = {
  id: number;
  audience: string;
  title: string;
  body: string;
  createdAt: Date;
  authorFirstName: string | null;
  authorLastName: string | null;
};

function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    audience: row.audience,
    title: row.title,
    body: row.body,
    authorName: row.authorFirstName ? `${row.authorFirstName} ${row.authorLastName ?? ""}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

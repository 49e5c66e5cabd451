import { and, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { canMessageProject, canUseDepartmentChannel, type Viewer } from "../../../shared/access.js";
import type { ChatPerson, ConversationKind, ConversationSummary } from "../../../shared/conversations.js";
import { departmentNames, GENERAL_USERS, type Role } from "../../../shared/departments.js";
import type { AppDb } from "../../db/client.js";
import { conversationParticipants, conversationReads, conversations, messages, projects, projectTeam, users } from "../../db/schema.js";

const EXCERPT_LENGTH = 140;

/** The projects whose conversation the viewer takes part in by their place on it: clients their own, staff and admins those they manage or work on. */
function involvedProjects(db: AppDb, viewer: Viewer) {
  const condition =
    viewer.role === "user"
      ? eq(projects.clientId, viewer.id)
      : or(
          eq(projects.managerId, viewer.id),
          inArray(projects.id, db.select({ id: projectTeam.projectId }).from(projectTeam).where(eq(projectTeam.userId, viewer.id))),
        );
  return db.select({ id: projects.id }).from(projects).where(condition);
}

/** Admins and the project office may message every project (canMessageProject on a project nobody is on). */
const mayMessageEveryProject = (viewer: Viewer) => canMessageProject(viewer, { clientId: null, managerId: null, teamIds: [] });

/** The department channels the viewer belongs to: every staff department for admins, their own for staff. */
export function channelsOf(viewer: Viewer): string[] {
  if (viewer.role === "admin") return departmentNames.filter((name) => name !== GENERAL_USERS);
  return canUseDepartmentChannel(viewer, viewer.department) ? [viewer.department] : [];
}

/**
 * Creates the conversations the viewer's list shows but that nobody has used yet (the projects they are
 * on, their department channels), so every listed conversation has a stable id.
 */
export async function createMissingConversations(db: AppDb, viewer: Viewer) {
  const involved = involvedProjects(db, viewer).as("involved");
  const missingProjects = await db
    .select({ id: involved.id })
    .from(involved)
    .leftJoin(conversations, eq(conversations.projectId, involved.id))
    .where(isNull(conversations.id));
  const channels = channelsOf(viewer);
  const existingChannels =
    channels.length === 0
      ? []
      : await db.select({ department: conversations.department }).from(conversations).where(inArray(conversations.department, channels));
  const missingChannels = channels.filter((name) => !existingChannels.some((row) => row.department === name));
  const rows = [
    ...missingProjects.map((project) => ({ kind: "project", projectId: project.id })),
    ...missingChannels.map((department) => ({ kind: "department", department })),
  ];
  // Another tab may create the same conversation at the same moment: the unique columns keep one.
  if (rows.length > 0) await db.insert(conversations).values(rows).onConflictDoNothing();
}

/** SQL: the conversations in the viewer's list; `opened`: the viewer has a read marker in it. */
function visibleTo(db: AppDb, viewer: Viewer, opened: SQL): SQL | undefined {
  const channels = channelsOf(viewer);
  return or(
    and(
      eq(conversations.kind, "project"),
      or(
        inArray(conversations.projectId, involvedProjects(db, viewer)),
        // Opened once from the project's page: stays listed while they may still message it.
        mayMessageEveryProject(viewer) ? opened : undefined,
      ),
    ),
    channels.length > 0 ? and(eq(conversations.kind, "department"), inArray(conversations.department, channels)) : undefined,
    viewer.role === "user"
      ? undefined
      : and(
          eq(conversations.kind, "direct"),
          inArray(
            conversations.id,
            db
              .select({ id: conversationParticipants.conversationId })
              .from(conversationParticipants)
              .where(eq(conversationParticipants.userId, viewer.id)),
          ),
        ),
  );
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

const excerptOf = (body: string, attachmentCount: number) => {
  const text = body.replace(/\s+/g, " ").trim();
  if (text) return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
  return attachmentCount === 1 ? "Photo" : `${attachmentCount} photos`;
};

/**
 * The viewer's conversations with title, last message and unread count, latest activity first, in one
 * query: the last message is a lateral lookup and the unread count a range count, both on
 * messages_conversation_idx. `only` narrows it to one conversation the caller has already checked.
 */
export async function conversationSummaries(db: AppDb, viewer: Viewer, only?: number): Promise<ConversationSummary[]> {
  const myRead = alias(conversationReads, "my_read");
  const otherParticipant = alias(conversationParticipants, "other_participant");
  const otherPerson = alias(users, "other_person");
  const lastAuthor = alias(users, "last_author");
  const lastMessage = db
    .select({
      id: messages.id,
      authorId: messages.authorId,
      body: sql<string>`left(${messages.body}, ${EXCERPT_LENGTH * 2})`.as("last_body"),
      attachmentCount: sql<number>`jsonb_array_length(${messages.attachments})`.as("last_attachment_count"),
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.id))
    .limit(1)
    .as("last_message");

  const rows = await db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      projectId: conversations.projectId,
      projectTitle: projects.title,
      department: conversations.department,
      lastReadMessageId: sql<number>`coalesce(${myRead.lastReadMessageId}, 0)`,
      unread: sql<number>`(select count(*)::int from "messages" as unread_message
        where unread_message.conversation_id = ${conversations.id}
          and unread_message.id > coalesce(${myRead.lastReadMessageId}, 0)
          and unread_message.author_id is distinct from ${viewer.id})`,
      other: {
        id: otherPerson.id,
        firstName: otherPerson.firstName,
        lastName: otherPerson.lastName,
        avatar: otherPerson.avatarUrl,
        role: otherPerson.role,
        department: otherPerson.department,
      },
      last: {
        id: lastMessage.id,
        body: lastMessage.body,
        attachmentCount: lastMessage.attachmentCount,
        createdAt: lastMessage.createdAt,
      },
      lastAuthor: { id: lastAuthor.id, firstName: lastAuthor.firstName, lastName: lastAuthor.lastName },
    })
    .from(conversations)
    .leftJoin(projects, eq(projects.id, conversations.projectId))
    .leftJoin(myRead, and(eq(myRead.conversationId, conversations.id), eq(myRead.userId, viewer.id)))
    .leftJoin(otherParticipant, and(eq(otherParticipant.conversationId, conversations.id), ne(otherParticipant.userId, viewer.id)))
    .leftJoin(otherPerson, eq(otherPerson.id, otherParticipant.userId))
    .leftJoinLateral(lastMessage, sql`true`)
    .leftJoin(lastAuthor, eq(lastAuthor.id, lastMessage.authorId))
    .where(only === undefined ? visibleTo(db, viewer, isNotNull(myRead.userId)) : eq(conversations.id, only))
    // Conversations without messages yet come last, newest first.
    .orderBy(sql`${lastMessage.createdAt} desc nulls last`, desc(conversations.id));

  return rows.map((row): ConversationSummary => {
    const other: ChatPerson | null = row.other
      ? {
          id: row.other.id,
          name: fullName(row.other),
          avatar: row.other.avatar,
          role: row.other.role as Role,
          department: row.other.department,
        }
      : null;
    const title =
      row.kind === "project"
        ? (row.projectTitle ?? "Project")
        : row.kind === "department"
          ? (row.department ?? "")
          : (other?.name ?? "Deleted account");
    return {
      id: row.id,
      kind: row.kind as ConversationKind,
      title,
      projectId: row.projectId,
      department: row.department,
      otherPerson: row.kind === "direct" ? other : null,
      lastMessage: row.last
        ? {
            id: row.last.id,
            author: row.lastAuthor ? { id: row.lastAuthor.id, name: fullName(row.lastAuthor) } : null,
            excerpt: excerptOf(row.last.body, row.last.attachmentCount),
            createdAt: row.last.createdAt.toISOString(),
          }
        : null,
      unread: row.unread,
      lastReadMessageId: row.lastReadMessageId,
      lastActivityAt: row.last?.createdAt.toISOString() ?? null,
    };
  });
}

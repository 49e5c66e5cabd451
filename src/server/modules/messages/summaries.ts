import { and, desc, eq, inArray, isNotNull, ne, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { canMessageProject, canUseDepartmentChannel, type Viewer } from "../../../shared/access.js";
import type { ChatPerson, ConversationSummary } from "../../../shared/conversations.js";
import { staffDepartmentNames } from "../../../shared/departments.js";
import type { AppDb } from "../../db/client.js";
import { offsetOf, type PageRequest } from "../../db/paging.js";
import { statementsByShape } from "../../db/prepared.js";
import { conversationParticipants, conversationReads, conversations, messages, projects, projectTeam, users } from "../../db/schema.js";
import { markdownExcerpt } from "../../platform/markdown.js";

const EXCERPT_LENGTH = 140;

/** The viewer's id in a condition: the id itself, or the placeholder of a prepared statement that takes it. */
type ViewerId = string | Placeholder;

/** The projects whose conversation the viewer takes part in by their place on it: clients their own, staff and admins those they manage or work on. */
function involvedProjects(db: AppDb, viewer: Viewer, viewerId: ViewerId = viewer.id) {
  const condition =
    viewer.role === "user"
      ? eq(projects.clientId, viewerId)
      : or(
          eq(projects.managerId, viewerId),
          inArray(projects.id, db.select({ id: projectTeam.projectId }).from(projectTeam).where(eq(projectTeam.userId, viewerId))),
        );
  return db.select({ id: projects.id }).from(projects).where(condition);
}

/** Admins and the project office may message every project (canMessageProject on a project nobody is on). */
const mayMessageEveryProject = (viewer: Viewer) => canMessageProject(viewer, { clientId: null, managerId: null, teamIds: [] });

/** The department channels the viewer belongs to: every staff department for admins, their own for staff. */
export function channelsOf(viewer: Viewer): string[] {
  if (viewer.role === "admin") return staffDepartmentNames;
  return canUseDepartmentChannel(viewer, viewer.department) ? [viewer.department] : [];
}

/**
 * Creates the conversations the viewer's list shows but that nobody has used yet (the projects they are
 * on, their department channels), so every listed conversation has a stable id. One statement, which inserts
 * nothing when nothing is missing (the usual case); another tab creating the same conversation at the same
 * moment is kept once by the unique columns.
 */
export async function createMissingConversations(db: AppDb, viewer: Viewer) {
  const channels = sql.join(
    channelsOf(viewer).map((name) => sql`${name}`),
    sql`, `,
  );
  await db.execute(sql`
    with project_conversations as (
      insert into ${conversations} (kind, project_id)
      select 'project', involved.id from (${involvedProjects(db, viewer)}) as involved
      where not exists (select 1 from ${conversations} as existing where existing.project_id = involved.id)
      on conflict do nothing)
    insert into ${conversations} (kind, department)
    select 'department', channel from unnest(array[${channels}]::text[]) as channel
    where not exists (select 1 from ${conversations} as existing where existing.department = channel)
    on conflict do nothing`);
}

/** The values of a summaries statement, as its parameters. */
const param = {
  viewerId: sql.placeholder("viewerId"),
  channels: sql.placeholder("channels"),
  only: sql.placeholder("only"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
};

/** SQL: the conversations in the viewer's list; `opened`: the viewer has a read marker in it. */
function visibleTo(db: AppDb, viewer: Viewer, opened: SQL): SQL | undefined {
  return or(
    and(
      eq(conversations.kind, "project"),
      or(
        inArray(conversations.projectId, involvedProjects(db, viewer, param.viewerId)),
        // Opened once from the project's page: stays listed while they may still message it.
        mayMessageEveryProject(viewer) ? opened : undefined,
      ),
    ),
    channelsOf(viewer).length > 0
      ? and(eq(conversations.kind, "department"), sql`${conversations.department} = any(${param.channels})`)
      : undefined,
    viewer.role === "user"
      ? undefined
      : and(
          eq(conversations.kind, "direct"),
          inArray(
            conversations.id,
            db
              .select({ id: conversationParticipants.conversationId })
              .from(conversationParticipants)
              .where(eq(conversationParticipants.userId, param.viewerId)),
          ),
        ),
  );
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

const excerptOf = (body: string, attachmentCount: number) => {
  const text = markdownExcerpt(body, EXCERPT_LENGTH);
  if (text) return text;
  return attachmentCount === 1 ? "Photo" : `${attachmentCount} photos`;
};

/**
 * The statement of one shape of summaries request: the viewer's conversations with title, last message and unread
 * count, latest activity first (a page of them, or the one asked for). The last message is a lateral lookup and the
 * unread count a range count, both on messages_conversation_idx; the list's total and unread total are windows over
 * every listed conversation, taken before the page is cut.
 */
function prepareSummaries(db: AppDb, viewer: Viewer, one: boolean, shape: string) {
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
  const unread = sql<number>`(select count(*)::int from "messages" as unread_message
    where unread_message.conversation_id = ${conversations.id}
      and unread_message.id > coalesce(${myRead.lastReadMessageId}, 0)
      and unread_message.author_id is distinct from ${param.viewerId})`;

  const query = db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      projectId: conversations.projectId,
      projectTitle: projects.title,
      department: conversations.department,
      lastReadMessageId: sql<number>`coalesce(${myRead.lastReadMessageId}, 0)`,
      unread,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      totalUnread: sql<number>`sum(${unread}) over ()`.mapWith(Number),
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
    .leftJoin(myRead, and(eq(myRead.conversationId, conversations.id), eq(myRead.userId, param.viewerId)))
    .leftJoin(otherParticipant, and(eq(otherParticipant.conversationId, conversations.id), ne(otherParticipant.userId, param.viewerId)))
    .leftJoin(otherPerson, eq(otherPerson.id, otherParticipant.userId))
    .leftJoinLateral(lastMessage, sql`true`)
    .leftJoin(lastAuthor, eq(lastAuthor.id, lastMessage.authorId))
    .where(one ? eq(conversations.id, param.only) : visibleTo(db, viewer, isNotNull(myRead.userId)))
    // Conversations without messages yet come last, newest first.
    .orderBy(sql`${lastMessage.createdAt} desc nulls last`, desc(conversations.id))
    .$dynamic();
  if (!one) query.limit(param.limit).offset(param.offset);
  return query.prepare(`conversation_summaries:${shape}`);
}

/** Which summaries: one conversation the caller has already checked, or a page of the viewer's list. */
export type SummarySelection = { only: number } | PageRequest;

/**
 * Conversation summaries in one prepared query (a statement per shape of viewer: client or staff, whether they may
 * message every project, whether they have department channels; and a page or one conversation). A page carries
 * the list's total and unread total.
 */
export function conversationSummaryReader(db: AppDb) {
  const statementOf = statementsByShape<ReturnType<typeof prepareSummaries>>();

  return async function conversationSummaries(
    viewer: Viewer,
    selection: SummarySelection,
  ): Promise<{ items: ConversationSummary[]; total: number; totalUnread: number }> {
    const one = "only" in selection;
    const channels = channelsOf(viewer);
    const shape = `${viewer.role === "user" ? "client" : "staff"}:${mayMessageEveryProject(viewer) ? 1 : 0}:${channels.length > 0 ? 1 : 0}:${one ? "one" : "page"}`;
    const statement = statementOf(shape, () => prepareSummaries(db, viewer, one, shape));
    const values = {
      viewerId: viewer.id,
      channels,
      only: one ? selection.only : null,
      limit: one ? null : selection.pageSize,
      offset: one ? null : offsetOf(selection),
    };
    const rows = await statement.execute(values);
    // Past the last page no row carries the totals: the first row of the list does (a page number typed by hand).
    const totals = rows[0] ?? (one || selection.page === 1 ? undefined : (await statement.execute({ ...values, limit: 1, offset: 0 }))[0]);

    const items = rows.map((row): ConversationSummary => {
      const other: ChatPerson | null = row.other
        ? {
            id: row.other.id,
            name: fullName(row.other),
            avatar: row.other.avatar,
            role: row.other.role,
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
        kind: row.kind,
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
    return { items, total: totals?.total ?? 0, totalUnread: totals?.totalUnread ?? 0 };
  };
}

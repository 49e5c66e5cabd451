import { and, asc, desc, eq, gt, inArray, lt, notExists, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import {
  type ChatMessage,
  type ChatPerson,
  CONVERSATIONS_PAGE_SIZE,
  type ConversationList,
  type ConversationSummary,
  conversationMessages,
  conversationPath,
  type MessagePage,
  type ReadMarker,
} from "../../../shared/conversations.js";
import { isDepartmentName, type Role } from "../../../shared/departments.js";
import type { NotificationKind } from "../../../shared/notifications.js";
import { productWording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { pageOf } from "../../db/paging.js";
import { loadProjectParties } from "../../db/project-parties.js";
import { conversationParticipants, conversationReads, conversations, messages, projects, users } from "../../db/schema.js";
import { activeStaff } from "../../db/staff-accounts.js";
import { accessDenied } from "../../platform/errors.js";
import { createListCache } from "../../platform/list-cache.js";
import { renderChatMarkdown, renderForStorage, renderOrEscape } from "../../platform/markdown.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { FileStorage } from "../../platform/storage.js";
import { recordAdminAction } from "../admin/index.js";
import { type IncomingImage, storeAttachments } from "./attachments.js";
import {
  checkDepartmentChannel,
  checkProjectConversation,
  conversationMembers,
  conversationNotFound,
  type OpenConversation,
  openConversation,
} from "./conversation-access.js";
import { conversationSummaryReader, createMissingConversations } from "./summaries.js";

/** What this feature needs of the notifications service (passed in by app.ts). */
type Notify = (
  userIds: readonly string[],
  notification: { kind: NotificationKind; title: string; body?: string; link?: string | null; projectId?: number | null },
) => Promise<void>;

type Deps = { db: AppDb; storage: FileStorage; hub: RealtimeHub; notify: Notify; log: FastifyBaseLogger };

type MessageRow = typeof messages.$inferSelect;
type AuthorRow = { id: string; firstName: string; lastName: string; avatarUrl: string | null; role: Role; department: string };

/** Conversation list pages kept by one process for the current version (a few KB each). */
const CACHED_LIST_PAGES = 1_000;

const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  role: users.role,
  department: users.department,
};

const toPerson = (author: AuthorRow): ChatPerson => ({
  id: author.id,
  name: `${author.firstName} ${author.lastName}`.trim(),
  avatar: author.avatarUrl,
  role: author.role,
  department: author.department,
});

const toChatMessage = (row: MessageRow, author: AuthorRow | null): ChatMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  author: author ? toPerson(author) : null,
  body: row.body,
  // Rendered when written; a message stored before that is rendered now, or shown as text if it cannot be.
  bodyHtml: row.bodyHtml ?? renderOrEscape(renderChatMarkdown, row.body),
  attachments: row.attachments,
  createdAt: row.createdAt.toISOString(),
});

const messageNotFound = () => new ApiError(404, conversationMessages.messageNotFound, "not_found");

/** The opening of a message for the bell. */
const notificationBody = (message: ChatMessage) => {
  const text = message.body.replace(/\s+/g, " ").trim();
  if (text) return text.length > 140 ? `${text.slice(0, 139)}…` : text;
  return message.attachments.length === 1 ? "Sent a photo" : `Sent ${message.attachments.length} photos`;
};

/** The id of the conversation matching `where`, inserting `values` when there is none (a concurrent insert of the same one is kept). */
async function getOrCreate(db: AppDb, where: SQL, values: typeof conversations.$inferInsert): Promise<number> {
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(where);
  if (existing) return existing.id;
  await db.insert(conversations).values(values).onConflictDoNothing();
  const [created] = await db.select({ id: conversations.id }).from(conversations).where(where);
  if (!created) throw conversationNotFound();
  return created.id;
}

/** Conversations and their messages: who may see which (src/shared/access.ts), unread counts, live delivery. */
export function createConversationsService({ db, storage, hub, notify, log }: Deps) {
  const conversationSummaries = conversationSummaryReader(db);
  const listPages = createListCache<ConversationList>(db, "conversations", CACHED_LIST_PAGES);

  async function summaryOf(viewer: Viewer, conversationId: number): Promise<ConversationSummary> {
    const [summary] = (await conversationSummaries(viewer, { only: conversationId })).items;
    if (!summary) throw conversationNotFound();
    return summary;
  }

  /** Records that the viewer opened a conversation (read marker at 0 if none): it makes them a member (see conversationMembers). */
  async function markOpened(viewer: Viewer, conversationId: number) {
    await db.insert(conversationReads).values({ conversationId, userId: viewer.id, lastReadMessageId: 0 }).onConflictDoNothing();
  }

  async function unreadCount(viewer: Viewer, conversationId: number, lastReadMessageId: number) {
    const [row] = await db
      .select({ unread: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          gt(messages.id, lastReadMessageId),
          sql`${messages.authorId} is distinct from ${viewer.id}`,
        ),
      );
    return row?.unread ?? 0;
  }

  /** Members who had read everything before this message: one bell entry per burst of messages, not one per message. */
  async function caughtUpMembers(conversationId: number, messageId: number, candidates: readonly string[]) {
    if (candidates.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, users.id)))
      .where(
        and(
          inArray(users.id, [...candidates]),
          notExists(
            db
              .select({ id: messages.id })
              .from(messages)
              .where(
                and(
                  eq(messages.conversationId, conversationId),
                  lt(messages.id, messageId),
                  gt(messages.id, sql`coalesce(${conversationReads.lastReadMessageId}, 0)`),
                  sql`${messages.authorId} is distinct from ${users.id}`,
                ),
              ),
          ),
        ),
      );
    return rows.map((row) => row.id);
  }

  async function notificationTitle({ conversation }: OpenConversation, authorName: string) {
    if (conversation.kind === "department") return `${authorName} wrote in the ${conversation.department} channel`;
    if (conversation.kind === "project" && conversation.projectId !== null) {
      const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, conversation.projectId));
      return `${authorName} wrote about ${project?.title ?? "a project"}`;
    }
    return `New message from ${authorName}`;
  }

  /** Live delivery to every member (the author's other tabs too) and the bell for those who were caught up. */
  async function deliver(opened: OpenConversation, message: ChatMessage) {
    const { conversation } = opened;
    const members = await conversationMembers(db, opened);
    await hub.publish(members, { type: "message", conversationId: conversation.id, message });
    const others = members.filter((id) => id !== message.author?.id);
    const recipients = await caughtUpMembers(conversation.id, message.id, others);
    if (recipients.length === 0) return;
    await notify(recipients, {
      kind: "message",
      title: await notificationTitle(opened, message.author?.name ?? "Someone"),
      body: notificationBody(message),
      link: conversationPath(conversation.id),
      projectId: conversation.projectId,
    });
  }

  return {
    /** Whether the viewer may open this conversation (and so see its attachments); no error, no detail. */
    async mayOpen(viewer: Viewer, conversationId: number): Promise<boolean> {
      try {
        await openConversation(db, viewer, conversationId);
        return true;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return false;
        throw error;
      }
    },
    /**
     * A page of the viewer's conversations, latest activity first, with the unread total of all of them; kept for
     * the list's version by viewer (decision 104): a message, a read, a new participant or project changes it.
     */
    async list(viewer: Viewer, page: number): Promise<ConversationList> {
      return listPages(JSON.stringify([viewer.id, viewer.role, viewer.department, page]), async () => {
        // The list is read from its first page (the later ones follow it): the conversations it should show are
        // created then, not on every page. One created gives a new version: this page is then not kept under the old one.
        if (page === 1) await createMissingConversations(db, viewer);
        const request = { page, pageSize: CONVERSATIONS_PAGE_SIZE };
        const { items, total, totalUnread } = await conversationSummaries(viewer, request);
        return { ...pageOf(items, total, request), totalUnread };
      });
    },

    /** A project's conversation, created on first use. */
    async forProject(viewer: Viewer, projectId: number): Promise<ConversationSummary> {
      checkProjectConversation(viewer, await loadProjectParties(db, projectId));
      const id = await getOrCreate(db, eq(conversations.projectId, projectId), { kind: "project", projectId });
      await markOpened(viewer, id);
      return summaryOf(viewer, id);
    },

    /** A department's channel, created on first use. */
    async forDepartment(viewer: Viewer, department: string): Promise<ConversationSummary> {
      if (!isDepartmentName(department)) throw conversationNotFound();
      checkDepartmentChannel(viewer, department);
      const id = await getOrCreate(db, eq(conversations.department, department), { kind: "department", department });
      await markOpened(viewer, id);
      return summaryOf(viewer, id);
    },

    /** The direct conversation of two staff members (or admins), created on first use. */
    async direct(viewer: Viewer, otherId: string): Promise<ConversationSummary> {
      if (viewer.role === "user") throw accessDenied();
      if (otherId === viewer.id)
        throw new ApiError(400, conversationMessages.notYourself, "validation_failed", { userId: conversationMessages.notYourself });
      const [other] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, otherId), activeStaff));
      if (!other) throw new ApiError(404, conversationMessages.personNotFound, "not_found");
      const directKey = [viewer.id, other.id].sort().join(":");
      const conversationId = await db.transaction(async (tx) => {
        const id = await getOrCreate(tx, eq(conversations.directKey, directKey), { kind: "direct", directKey });
        await tx
          .insert(conversationParticipants)
          .values([viewer.id, other.id].map((userId) => ({ conversationId: id, userId })))
          .onConflictDoNothing();
        return id;
      });
      return summaryOf(viewer, conversationId);
    },

    /** A page of messages, oldest first: the newest (before an id) or everything after an id, up to limit. */
    async messages(
      viewer: Viewer,
      conversationId: number,
      query: { before?: number; after?: number; limit: number },
    ): Promise<MessagePage> {
      await openConversation(db, viewer, conversationId);
      const forward = query.after !== undefined;
      const rows = await db
        .select({ message: messages, author: authorColumns })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.authorId))
        .where(
          and(
            eq(messages.conversationId, conversationId),
            query.before !== undefined ? lt(messages.id, query.before) : undefined,
            query.after !== undefined ? gt(messages.id, query.after) : undefined,
          ),
        )
        .orderBy(forward ? asc(messages.id) : desc(messages.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit).map((row) => toChatMessage(row.message, row.author));
      return { items: forward ? page : page.reverse(), hasMore: rows.length > query.limit };
    },

    /**
     * Saves a message with its photos (all checked first; nothing left behind on failure), then delivers it.
     * readInput reads the request body, after the access check, so a refused upload is never buffered.
     */
    async post(
      viewer: Viewer,
      conversationId: number,
      readInput: () => Promise<{ body: string; images: readonly IncomingImage[] }>,
    ): Promise<ChatMessage> {
      const opened = await openConversation(db, viewer, conversationId);
      const input = await readInput();
      if (!input.body && input.images.length === 0) {
        throw new ApiError(400, productWording.validationFailed, "validation_failed", { body: conversationMessages.emptyMessage });
      }
      const bodyHtml = renderForStorage(renderChatMarkdown, input.body, "body");
      const [author] = await db.select(authorColumns).from(users).where(eq(users.id, viewer.id));
      const stored = await storeAttachments(storage, conversationId, input.images);
      let row: MessageRow;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(messages)
            .values({ conversationId, authorId: viewer.id, body: input.body, bodyHtml, attachments: stored.attachments })
            .returning();
          if (!inserted) throw new Error("message not saved");
          // Writing a message means having read the conversation up to it.
          await tx
            .insert(conversationReads)
            .values({ conversationId, userId: viewer.id, lastReadMessageId: inserted.id })
            .onConflictDoUpdate({
              target: [conversationReads.conversationId, conversationReads.userId],
              set: { lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, ${inserted.id})`, updatedAt: new Date() },
            });
          return inserted;
        });
      } catch (error) {
        await stored.remove();
        throw error;
      }
      const message = toChatMessage(row, author ?? null);
      try {
        await deliver(opened, message);
      } catch (error) {
        // The message is saved: a failed live delivery must not make the sender post it again.
        log.error({ err: error, conversationId }, "message saved but not delivered");
      }
      return message;
    },

    /**
     * Removes a message with its photos: its author or an admin may (403 for anyone else who can read it, 404 for who
     * cannot). The removal goes to the audit log, and to every member's open screens at once.
     */
    async remove(viewer: Viewer, conversationId: number, messageId: number, ipAddress: string): Promise<void> {
      const opened = await openConversation(db, viewer, conversationId);
      const [found] = await db
        .select({ authorId: messages.authorId })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
      if (!found) throw messageNotFound();
      if (found.authorId !== viewer.id && viewer.role !== "admin") throw accessDenied();
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(messages).where(eq(messages.id, messageId)).returning();
        if (!row) throw messageNotFound();
        await recordAdminAction(
          tx,
          { id: viewer.id, ipAddress },
          {
            action: "message.removed",
            target: { id: String(row.id), label: `Message ${row.id} in conversation ${conversationId}` },
            before: { conversationId, authorId: row.authorId, createdAt: row.createdAt.toISOString(), photos: row.attachments.length },
          },
        );
        return row;
      });
      const files = removed.attachments.flatMap((photo) => [photo.url, photo.thumbUrl]).map((url) => storage.keyOf(url));
      await Promise.all(files.map((key) => (key ? storage.remove(key) : undefined)));
      await hub.publish(await conversationMembers(db, opened), { type: "message.removed", conversationId, messageId });
    },

    /** Moves the viewer's read marker forward (never back, never past the last message) and tells their other tabs. */
    async markRead(viewer: Viewer, conversationId: number, lastReadMessageId: number): Promise<ReadMarker> {
      await openConversation(db, viewer, conversationId);
      const [latest] = await db
        .select({ id: sql<number | null>`max(${messages.id})` })
        .from(messages)
        .where(eq(messages.conversationId, conversationId));
      const target = Math.min(lastReadMessageId, latest?.id ?? 0);
      const [marker] = await db
        .insert(conversationReads)
        .values({ conversationId, userId: viewer.id, lastReadMessageId: target })
        .onConflictDoUpdate({
          target: [conversationReads.conversationId, conversationReads.userId],
          set: { lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, ${target})`, updatedAt: new Date() },
        })
        .returning({ lastReadMessageId: conversationReads.lastReadMessageId });
      const position = marker?.lastReadMessageId ?? target;
      const result: ReadMarker = {
        conversationId,
        lastReadMessageId: position,
        unread: await unreadCount(viewer, conversationId, position),
      };
      await hub.publish([viewer.id], { type: "conversation.read", ...result });
      return result;
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;

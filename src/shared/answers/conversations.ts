import { z } from "zod";
import { conversationKinds } from "../conversations.js";
import { roles } from "../departments.js";
import { count, instant, pageOf } from "./common.js";

const role = z.enum(roles);
const conversationKind = z.enum(conversationKinds);

/** Someone as a conversation shows them. */
export const chatPerson = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role,
  department: z.string(),
});
export type ChatPerson = z.output<typeof chatPerson>;

/** A photo attached to a message, with its thumbnail. */
export const chatAttachment = z.object({
  kind: z.literal("image"),
  url: z.string(),
  thumbUrl: z.string(),
  width: count,
  height: count,
  name: z.string(),
});
export type ChatAttachment = z.output<typeof chatAttachment>;

/** One message of a conversation. */
export const chatMessage = z.object({
  id: count,
  conversationId: count,
  /** Null when the author's account was deleted. */
  author: chatPerson.nullable(),
  /** As written. */
  body: z.string(),
  /** The Markdown rendered and sanitised: safe to put in the page. */
  bodyHtml: z.string(),
  attachments: z.array(chatAttachment),
  createdAt: instant,
});
export type ChatMessage = z.output<typeof chatMessage>;

/** A conversation as the list shows it, with its last message and what the caller has not read. */
export const conversationSummary = z.object({
  id: count,
  kind: conversationKind,
  /** The project's title, the department's name, or the other person's name. */
  title: z.string(),
  projectId: count.nullable(),
  department: z.string().nullable(),
  /** The other person of a direct conversation. */
  otherPerson: chatPerson.nullable(),
  lastMessage: z
    .object({
      id: count,
      author: z.object({ id: z.string(), name: z.string() }).nullable(),
      excerpt: z.string(),
      createdAt: instant,
    })
    .nullable(),
  /** Messages by others after the caller's read marker. */
  unread: count,
  lastReadMessageId: count,
  /** The last message's time (null before the first one): the list is sorted by it, newest first, empty ones last. */
  lastActivityAt: instant.nullable(),
});
export type ConversationSummary = z.output<typeof conversationSummary>;

/** The answer that opens one conversation (project, department or direct). */
export const openedConversation = z.object({ conversation: conversationSummary });

/**
 * A page of the caller's conversations, latest activity first, with the unread messages of all of them (the
 * header's badge). A page past the last is empty, with the real total.
 */
export const conversationList = pageOf(conversationSummary).extend({ totalUnread: count });
export type ConversationList = z.output<typeof conversationList>;

/** A page of messages, oldest first; hasMore: older ones exist (newest page / before) or newer ones (after). */
export const messagePage = z.object({ items: z.array(chatMessage), hasMore: z.boolean() });
export type MessagePage = z.output<typeof messagePage>;

/** The answer to a message sent. */
export const sentMessage = z.object({ message: chatMessage });

/** Where the caller's read marker of a conversation stands now. */
export const readMarker = z.object({ conversationId: count, lastReadMessageId: count, unread: count });
export type ReadMarker = z.output<typeof readMarker>;

import { z } from "zod";
import { pageNumber, rowIdCursor } from "./fields.js";
import { markdownNestingMessage, withinMarkdownNesting } from "./markdown-nesting.js";

/**
 * Conversations of the portal: one per project (its client and team), one per department (its staff),
 * and direct conversations between two staff members. Shared by the API and the browser's screens.
 */
export const conversationKinds = ["project", "department", "direct"] as const;
export type ConversationKind = (typeof conversationKinds)[number];

export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGE_MAX_ATTACHMENTS = 4;
/** The photo types a message takes: the server checks the bytes, the browser the declared type before uploading. */
export const MESSAGE_ATTACHMENT_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/webp"];
/** Per attached image, checked before it is read into memory. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_MAX_PAGE_SIZE = 100;
/** Messages one person may post per minute (all conversations together). */
export const MESSAGES_PER_MINUTE = 30;

export const conversationMessages = {
  emptyMessage: "Write a message or attach a photo.",
  tooLong: `A message can be at most ${MESSAGE_MAX_LENGTH} characters long.`,
  tooManyAttachments: `Attach at most ${MESSAGE_MAX_ATTACHMENTS} photos to a message.`,
  unsupportedPhoto: "Please upload a JPEG, PNG or WebP image.",
  attachmentTooLarge: `Each photo must be ${MESSAGE_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  conversationNotFound: "Conversation not found.",
  messageNotFound: "Message not found.",
  personNotFound: "No active staff member with this id.",
  notYourself: "You cannot start a conversation with yourself.",
  bothCursors: "Use either before or after, not both.",
} as const;

/** The text of a message: plain text or Markdown (rendered sanitised). May be empty when photos are attached. */
export const messageBodySchema = z
  .string()
  .trim()
  .max(MESSAGE_MAX_LENGTH, conversationMessages.tooLong)
  .refine(withinMarkdownNesting, markdownNestingMessage);

/** POST /api/conversations/:id/messages as JSON (multipart adds photos in the field `attachments`). */
export const sendMessageSchema = z.object({ body: messageBodySchema.min(1, conversationMessages.emptyMessage) });

/** GET /api/conversations/:id/messages: the newest page (optionally before an id), or everything after an id. */
export const messagesQuerySchema = z
  .object({
    before: rowIdCursor(1).optional(),
    after: rowIdCursor(0).optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGES_MAX_PAGE_SIZE).default(MESSAGES_PAGE_SIZE),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: conversationMessages.bothCursors,
    path: ["after"],
  });

/** POST /api/conversations/:id/read: the marker only moves forward. */
export const readMarkerSchema = z.object({ lastReadMessageId: z.number().int().min(0) });

/** POST /api/conversations/direct: the other staff member. */
export const directConversationSchema = z.object({ userId: z.uuid("Choose a staff member.") });

/** The answers' shapes are in ./answers/conversations.ts (type-only here: the browser never bundles them). */
export type {
  ChatAttachment,
  ChatMessage,
  ChatPerson,
  ConversationList,
  ConversationSummary,
  MessagePage,
  ReadMarker,
} from "./answers/conversations.js";

/** Conversations per page of GET /api/conversations: a staff member can be in well over a hundred. */
export const CONVERSATIONS_PAGE_SIZE = 20;

/** GET /api/conversations query. */
export const conversationListQuerySchema = z.object({ page: pageNumber.default(1) });

/** Where a conversation opens in the portal (notification links). */
export const conversationPath = (conversationId: number) => `/dashboard/messages/${conversationId}`;

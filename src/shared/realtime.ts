import { z } from "zod";
import type { NotificationItem } from "./answers/notifications.js";
import { type CallEvent, callClientFrameSchemas } from "./calls.js";
import type { ChatMessage } from "./conversations.js";

export type { NotificationItem } from "./answers/notifications.js";
export type { Presence } from "./answers/realtime.js";
export * from "./realtime-connection.js";

/**
 * What the server pushes to a signed-in browser over /api/realtime. Each feature adds its own
 * event types here, so both sides agree on them.
 */
export type RealtimeEvent =
  | { type: "notification"; notification: NotificationItem }
  /** Something on a project changed: screens showing it fetch it again. */
  | { type: "project.changed"; projectId: number }
  /** A new message in one of the user's conversations (their own too, for their other tabs). */
  | { type: "message"; conversationId: number; message: ChatMessage }
  /** A message was removed (by its author or an admin): screens showing it drop it. */
  | { type: "message.removed"; conversationId: number; messageId: number }
  /** The user read a conversation in one tab: the others update its unread count. */
  | { type: "conversation.read"; conversationId: number; lastReadMessageId: number; unread: number }
  /** Call signalling and ringing (src/shared/calls.ts). */
  | CallEvent
  /** An admin blocked or deleted the account: its connections close with 4401 'Account is deactivated' (never forwarded). */
  | { type: "account.deactivated" }
  /** An admin changed the account's role or department: its connections read who the person is now (never forwarded). */
  | { type: "account.changed" }
  /** An admin changed the address blocklist: every instance drops its cached copy (src/server/platform/address-blocklist.ts). */
  | { type: "blocklist.changed" };

/**
 * What the browser sends. `auth` first, and again with each renewed access token (the connection
 * ends when the last token sent expires); `ping` lets the browser notice a dead connection (answered `pong`).
 * Frames of other types are ignored; call frames (src/shared/calls.ts) carry call signalling.
 */
export const realtimeClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), accessToken: z.string().min(1).max(4096) }),
  z.object({ type: z.literal("ping") }),
  ...callClientFrameSchemas,
]);
export type RealtimeClientFrame = z.infer<typeof realtimeClientFrameSchema>;

/** What the server sends: `ready` after each accepted auth frame, `pong` to a ping, and the events. */
export type RealtimeServerFrame = { type: "ready"; userId: string } | { type: "pong" } | RealtimeEvent;

/** GET /api/presence?ids=a,b (staff and admins): which of these people have the portal open. */
export const presenceQuerySchema = z.object({
  ids: z
    .string()
    .transform((ids) => ids.split(",").filter(Boolean))
    .pipe(
      z.array(z.uuid("Each id must be a user id.")).min(1, "Give at least one user id.").max(100, "Ask for at most 100 people at once."),
    ),
});

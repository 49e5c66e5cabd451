import { ApiError } from "../../../shared/api";
import type { ChatMessage, ConversationSummary, MessagePage, ReadMarker } from "../../../shared/conversations";
import type { Presence } from "../../../shared/realtime";
import { apiRequest } from "../../lib/http/client";
import { RETRY_POLICY } from "../../lib/http/retry";
import { apiPathOf, privateQuery } from "../../lib/query/api-query";

/** A refusal (403, 404) is an answer, shown at once; other failures get the retries of docs/product.md#http-client. */
export const retryUnlessRefused = (failureCount: number, error: Error) =>
  failureCount < RETRY_POLICY.maxRetries && !(error instanceof ApiError && (error.status === 403 || error.status === 404));

/** A project's conversation, created on first use (404: not readable; 403: readable but not for messaging). */
export const projectConversationQuery = (projectId: number) => ({
  ...privateQuery<{ conversation: ConversationSummary }>([`/conversations/project/${projectId}`]),
  retry: retryUnlessRefused,
});

/** Which of these people have the portal open (staff and admins); ids sorted so one set shares one cache entry. */
export const presenceQuery = (ids: readonly string[]) => privateQuery<Presence>(["/presence", { ids: [...ids].sort().join(",") }]);

export const threadPath = (conversationId: number) => `/conversations/${conversationId}/messages`;

/** A page of a conversation's messages, oldest first: the newest by default, older than `before`, or newer than `after`. */
export const fetchMessages = (conversationId: number, cursor: { before?: number; after?: number; limit?: number }) =>
  apiRequest<MessagePage>("GET", apiPathOf([threadPath(conversationId), cursor]));

/** Sends a message: JSON for text alone, multipart when photos go with it. */
export function sendMessage(conversationId: number, body: string, photos: readonly File[]) {
  if (photos.length === 0) return apiRequest<{ message: ChatMessage }>("POST", threadPath(conversationId), { body });
  const form = new FormData();
  form.append("body", body);
  for (const photo of photos) form.append("attachments", photo);
  return apiRequest<{ message: ChatMessage }>("POST", threadPath(conversationId), form);
}

/** Removes a message (its author or an admin); the other members' screens hear of it over the realtime connection. */
export const removeMessage = (conversationId: number, messageId: number) =>
  apiRequest<null>("DELETE", `${threadPath(conversationId)}/${messageId}`);

export const markConversationRead = (conversationId: number, lastReadMessageId: number) =>
  apiRequest<ReadMarker>("POST", `/conversations/${conversationId}/read`, { lastReadMessageId });

export const openDirectConversation = (userId: string) =>
  apiRequest<{ conversation: ConversationSummary }>("POST", "/conversations/direct", { userId });

export const openDepartmentChannel = (department: string) =>
  apiRequest<{ conversation: ConversationSummary }>("GET", `/conversations/department/${encodeURIComponent(department)}`);

import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { type ChatMessage, MESSAGES_MAX_PAGE_SIZE } from "../../../shared/conversations";
import { PRIVATE_QUERY_META } from "../../lib/query/api-query";
import { fetchMessages, retryUnlessRefused, threadPath } from "./api";

/** The messages of a conversation held in the cache: oldest first, and whether older ones remain on the server. */
export type Thread = { items: ChatMessage[]; hasOlder: boolean };

/** Both lists together, each message once, oldest first (ids grow with time). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<number, ChatMessage>();
  for (const message of [...current, ...incoming]) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const threadKey = (conversationId: number) => [threadPath(conversationId)] as const;

async function fetchNewest(conversationId: number): Promise<Thread> {
  const page = await fetchMessages(conversationId, {});
  return { items: page.items, hasOlder: page.hasMore };
}

/**
 * A conversation's thread. The first fetch takes the newest page; every later one (shown again after a pushed
 * message marked it stale, or a reconnection: RealtimeSync invalidates every private query) asks only for what
 * came after the last message held, so the older pages loaded with "load older" stay and nothing is fetched
 * twice. After a long absence (more missed than one page holds) it starts again from the newest page.
 */
export const threadQuery = (conversationId: number) =>
  queryOptions<Thread>({
    queryKey: threadKey(conversationId),
    meta: PRIVATE_QUERY_META,
    retry: retryUnlessRefused,
    queryFn: async ({ client }) => {
      const last = client.getQueryData<Thread>(threadKey(conversationId))?.items.at(-1);
      if (!last) return fetchNewest(conversationId);
      const missed = await fetchMessages(conversationId, { after: last.id, limit: MESSAGES_MAX_PAGE_SIZE });
      if (missed.hasMore) return fetchNewest(conversationId);
      // Read the cache again: live messages and older pages may have been added while this was on its way.
      const latest = client.getQueryData<Thread>(threadKey(conversationId));
      if (!latest) return fetchNewest(conversationId);
      return { items: mergeMessages(latest.items, missed.items), hasOlder: latest.hasOlder };
    },
  });

/** Drops a removed message from a thread in the cache. */
export function removeFromThread(queryClient: QueryClient, conversationId: number, messageId: number) {
  queryClient.setQueryData<Thread>(threadKey(conversationId), (thread) =>
    thread ? { ...thread, items: thread.items.filter((message) => message.id !== messageId) } : thread,
  );
}

/** Adds messages to a thread already in the cache (a pushed event, one just sent, an older page). */
export function addToThread(queryClient: QueryClient, conversationId: number, messages: readonly ChatMessage[], hasOlder?: boolean) {
  queryClient.setQueryData<Thread>(threadKey(conversationId), (thread) =>
    thread ? { items: mergeMessages(thread.items, messages), hasOlder: hasOlder ?? thread.hasOlder } : thread,
  );
}

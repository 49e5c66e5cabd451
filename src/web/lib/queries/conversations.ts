import { type InfiniteData, infiniteQueryOptions } from "@tanstack/react-query";
import type { ConversationList, ConversationSummary } from "../../../shared/conversations";
import { apiRequest } from "../http/client";
import { apiPathOf, PRIVATE_QUERY_META } from "../query/api-query";

const CONVERSATIONS_PATH = "/conversations";

/** The API key of one page of the viewer's conversations. */
export const conversationsPageKey = (page: number) => [CONVERSATIONS_PATH, { page }] as const;

/**
 * The viewer's conversations, latest activity first, a page at a time, with their unread total (the messages
 * screen, the header's badge, the client dashboard). One key for all of them: a realtime event or a read marker
 * that invalidates it fetches every loaded page again, from the first.
 */
export const conversationsQuery = infiniteQueryOptions({
  queryKey: [CONVERSATIONS_PATH],
  queryFn: ({ pageParam }) => apiRequest<ConversationList>("GET", apiPathOf(conversationsPageKey(pageParam))),
  initialPageParam: 1,
  getNextPageParam: (last: ConversationList) => (last.page < last.pageCount ? last.page + 1 : undefined),
  meta: PRIVATE_QUERY_META,
});

export type LoadedConversations = InfiniteData<ConversationList>;

/** The loaded conversations in order, each once: one that moved up between two pages' fetches is in both. */
export function loadedConversations(data: LoadedConversations | undefined): ConversationSummary[] {
  const seen = new Set<number>();
  return (data?.pages ?? [])
    .flatMap((page) => page.items)
    .filter((conversation) => {
      if (seen.has(conversation.id)) return false;
      seen.add(conversation.id);
      return true;
    });
}

/** The unread messages of all the viewer's conversations (every page carries it), undefined until loaded. */
export const totalUnreadOf = (data: LoadedConversations | undefined): number | undefined => data?.pages[0]?.totalUnread;

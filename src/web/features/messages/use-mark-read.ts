import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { ChatMessage, ReadMarker } from "../../../shared/conversations";
import { conversationsQuery, type LoadedConversations, loadedConversations, totalUnreadOf } from "../../lib/queries/conversations";
import { markConversationRead } from "./api";

function subscribeVisibility(onChange: () => void) {
  document.addEventListener("visibilitychange", onChange);
  return () => document.removeEventListener("visibilitychange", onChange);
}
const pageVisible = () => document.visibilityState === "visible";

/** The list's unread counts as the server now sees them, at once (its conversation.read event refreshes the other tabs). */
function applyReadMarker(list: LoadedConversations | undefined, marker: ReadMarker): LoadedConversations | undefined {
  const before = loadedConversations(list).find((item) => item.id === marker.conversationId);
  if (!list || !before) return list;
  const totalUnread = Math.max(0, (totalUnreadOf(list) ?? 0) - before.unread + marker.unread);
  const pages = list.pages.map((page) => ({
    ...page,
    totalUnread,
    items: page.items.map((item) =>
      item.id === marker.conversationId ? { ...item, unread: marker.unread, lastReadMessageId: marker.lastReadMessageId } : item,
    ),
  }));
  return { ...list, pages };
}

/**
 * Marks a shown conversation read up to its newest message: when it opens, and when a message arrives
 * while the page is visible (a tab in the background leaves it unread until the person comes back).
 */
export function useMarkRead(conversationId: number, lastReadMessageId: number, newest: ChatMessage | undefined, viewerId: string) {
  const queryClient = useQueryClient();
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => false);
  const marked = useRef(lastReadMessageId);

  useEffect(() => {
    // The server moves the writer's own marker when they send: nothing to say for one's own message.
    if (!visible || !newest || newest.author?.id === viewerId) return;
    if (newest.id <= Math.max(marked.current, lastReadMessageId)) return;
    const before = marked.current;
    marked.current = newest.id;
    markConversationRead(conversationId, newest.id).then(
      (marker) => {
        queryClient.setQueryData(conversationsQuery.queryKey, (list) => applyReadMarker(list, marker));
        // A list fetch already on its way may predate the marker: start it again.
        void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true });
      },
      () => {
        // Left unread; the next message or visit tries again.
        marked.current = before;
      },
    );
  }, [visible, newest, viewerId, lastReadMessageId, conversationId, queryClient]);
}

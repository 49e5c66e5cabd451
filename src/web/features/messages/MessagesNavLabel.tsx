import { useInfiniteQuery } from "@tanstack/react-query";
import { conversationsQuery, totalUnreadOf } from "../../lib/queries/conversations";

/** "Messages" for the portal's navigation, with the number of unread messages (kept live by RealtimeSync). */
export function MessagesNavLabel() {
  const unread = totalUnreadOf(useInfiniteQuery(conversationsQuery).data) ?? 0;
  return (
    <span className="flex items-center gap-2">
      Messages
      {unread > 0 ? (
        <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
          {unread > 99 ? "99+" : unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </span>
  );
}

import { useInfiniteQuery } from "@tanstack/react-query";
import { conversationsQuery, totalUnreadOf } from "../../lib/queries/conversations";

/**
 * The number of unread messages as a red pill (kept live by RealtimeSync), read out as "3 unread"; nothing when all
 * are read. `className` places it (beside the label in a row, over the icon of a tab).
 */
export function UnreadMessagesBadge({ className = "" }: { className?: string }) {
  const unread = totalUnreadOf(useInfiniteQuery(conversationsQuery).data) ?? 0;
  if (unread <= 0) return null;
  return (
    <span
      className={`flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white ${className}`}
    >
      {unread > 99 ? "99+" : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** "Messages" for the portal's navigation, with the number of unread messages. */
export function MessagesNavLabel() {
  return (
    <span className="flex items-center gap-2">
      Messages
      <UnreadMessagesBadge />
    </span>
  );
}

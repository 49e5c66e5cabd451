import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { RealtimeEvent } from "../../../shared/realtime";
import { accountsOverviewQuery } from "../../lib/queries/accounts";
import { conversationsQuery } from "../../lib/queries/conversations";
import { isProjectsQuery } from "../../lib/queries/projects";
import { PRIVATE_QUERY_META, pathStartsWith } from "../../lib/query/api-query";
import { onRealtimeEvent, onRealtimeResync, startRealtime } from "../../lib/realtime-client";
import { toast } from "../../lib/toast";
import { notificationsQuery } from "../notifications";

/** What each pushed event makes stale: the screens showing it fetch it again, without a reload. */
function applyEvent(queryClient: QueryClient, event: RealtimeEvent) {
  switch (event.type) {
    case "notification":
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      // A transfer just recorded waits on the Accounts dashboard: it shows there at once.
      if (event.notification.kind === "payment_recorded") void queryClient.invalidateQueries({ queryKey: accountsOverviewQuery.queryKey });
      // No toast about the screen the person is looking at (a message in the conversation they have open).
      if (event.notification.link !== window.location.pathname)
        toast.message(event.notification.title, { description: event.notification.body || undefined });
      return;
    case "project.changed":
      // The project's page and every list, feed or figure it appears in.
      void queryClient.invalidateQueries({ predicate: isProjectsQuery });
      return;
    case "message":
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true });
      // An open thread adds the pushed message itself (messages feature): the cached thread is only marked
      // stale, so it is fetched again when next shown, not now.
      void queryClient.invalidateQueries({ predicate: pathStartsWith(`/conversations/${event.conversationId}/`), refetchType: "none" });
      return;
    case "message.removed":
      // The list shows the last message, which may be the one removed; an open thread drops it itself.
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true });
      return;
    case "conversation.read":
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true });
      return;
  }
}

/** Keeps the portal's data live: the realtime connection's events refresh the cached queries they concern. */
export function RealtimeSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    startRealtime();
    const stopEvents = onRealtimeEvent((event) => applyEvent(queryClient, event));
    // After a reconnection, everything of this user may have changed meanwhile.
    const stopResync = onRealtimeResync(
      () => void queryClient.invalidateQueries({ predicate: (query) => query.meta?.private === PRIVATE_QUERY_META.private }),
    );
    return () => {
      stopEvents();
      stopResync();
    };
  }, [queryClient]);
  return null;
}

import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { RealtimeEvent } from "../../../shared/realtime";
import { PRIVATE_QUERY_META } from "../../lib/api-query";
import { toast } from "../toast/toast-store";
import { onRealtimeEvent, onRealtimeResync, startRealtime } from "./realtime-client";

/** Whether a cached query's API path (its key's first part) starts with one of these. */
const pathStartsWith =
  (...prefixes: string[]) =>
  (query: { queryKey: readonly unknown[] }) =>
    typeof query.queryKey[0] === "string" && prefixes.some((prefix) => (query.queryKey[0] as string).startsWith(prefix));

/** What each pushed event makes stale: the screens showing it fetch it again, without a reload. */
function applyEvent(queryClient: QueryClient, event: RealtimeEvent) {
  switch (event.type) {
    case "notification":
      void queryClient.invalidateQueries({ predicate: pathStartsWith("/notifications") });
      // No toast about the screen the person is looking at (a message in the conversation they have open).
      if (event.notification.link !== window.location.pathname)
        toast.message(event.notification.title, { description: event.notification.body || undefined });
      return;
    case "project.changed":
      void queryClient.invalidateQueries({ predicate: pathStartsWith(`/projects/${event.projectId}`, "/projects") });
      return;
    case "message":
      void queryClient.invalidateQueries({ predicate: pathStartsWith("/conversations") });
      return;
    case "conversation.read":
      void queryClient.invalidateQueries({ predicate: pathStartsWith("/conversations") });
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

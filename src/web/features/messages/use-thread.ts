import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { onRealtimeEvent } from "../../lib/realtime-client";
import { fetchMessages } from "./api";
import { addToThread, removeFromThread, threadQuery } from "./thread-cache";

/**
 * An open conversation's messages: fetched once, then kept live (a pushed message is added to the cache
 * at once; a reconnection fetches only what came after the last one, see threadQuery), with older pages on demand.
 */
export function useThread(conversationId: number) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQuery(conversationId));

  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (event.type === "message" && event.conversationId === conversationId) addToThread(queryClient, conversationId, [event.message]);
        if (event.type === "message.removed" && event.conversationId === conversationId)
          removeFromThread(queryClient, conversationId, event.messageId);
      }),
    [queryClient, conversationId],
  );

  const older = useMutation({
    mutationFn: async () => {
      const oldest = queryClient.getQueryData(threadQuery(conversationId).queryKey)?.items[0];
      if (!oldest) return;
      const page = await fetchMessages(conversationId, { before: oldest.id });
      addToThread(queryClient, conversationId, page.items, page.hasMore);
    },
  });

  return { thread, loadOlder: older };
}

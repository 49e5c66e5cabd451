import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import type { ConversationSummary } from "../../../shared/conversations";
import { mutedTextClass } from "../../components/form/form-fields";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useAuth } from "../../lib/session/AuthProvider";
import { removeMessage } from "./api";
import { Composer } from "./Composer";
import { ConversationKindIcon, kindLabel } from "./ConversationKindIcon";
import { MessageLog } from "./MessageLog";
import { OnlineText, useOnlinePeople } from "./people";
import { removeFromThread } from "./thread-cache";
import { useMarkRead } from "./use-mark-read";
import { useThread } from "./use-thread";

function subtitleOf(conversation: ConversationSummary): string {
  if (conversation.kind === "direct" && conversation.otherPerson)
    return `${kindLabel(conversation)} · ${conversation.otherPerson.department}`;
  return kindLabel(conversation);
}

/**
 * One conversation: its title, its messages live, and the box to write in. `back` (the list, on phones)
 * goes before the title. Marks what it shows as read. A card like cardClass without its padding, so the
 * header, the messages and the box reach its edges.
 */
export function ConversationThread({ conversation, back }: { conversation: ConversationSummary; back?: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const headingId = useId();
  const { thread, loadOlder } = useThread(conversation.id);
  const viewerId = user?.id ?? "";
  useMarkRead(conversation.id, conversation.lastReadMessageId, thread.data?.items.at(-1), viewerId);
  const online = useOnlinePeople(conversation.otherPerson ? [conversation.otherPerson.id] : []);
  const isOnline = conversation.otherPerson !== null && online.has(conversation.otherPerson.id);

  return (
    <section
      aria-labelledby={headingId}
      className="flex h-[calc(100dvh-12rem)] min-h-[26rem] flex-col lg:h-[calc(100dvh-18rem)] rounded-xl border border-neutral-light bg-white dark:border-brand-700 dark:bg-brand-900"
    >
      <div className="flex items-center gap-3 border-b border-neutral-light px-3 py-3 sm:px-5 dark:border-brand-700">
        {back}
        <ConversationKindIcon conversation={conversation} online={isOnline} />
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-bold">
            {conversation.title}
            <OnlineText online={isOnline} />
          </h2>
          <p className={`truncate text-sm ${mutedTextClass}`}>{subtitleOf(conversation)}</p>
        </div>
      </div>
      {thread.isPending ? (
        <div className="flex-1 p-5">
          <LoadingMessage>Loading messages...</LoadingMessage>
        </div>
      ) : thread.isError ? (
        <div className="flex-1 p-5">
          <ErrorMessage error={thread.error} onRetry={() => void thread.refetch()} />
        </div>
      ) : (
        <MessageLog
          label={`Messages in ${conversation.title}`}
          messages={thread.data.items}
          viewerId={viewerId}
          viewerIsAdmin={user?.role === "admin"}
          onRemove={async (message) => {
            await removeMessage(conversation.id, message.id);
            removeFromThread(queryClient, conversation.id, message.id);
          }}
          hasOlder={thread.data.hasOlder}
          loadOlder={loadOlder}
        />
      )}
      <Composer conversationId={conversation.id} recipient={conversation.title} />
    </section>
  );
}

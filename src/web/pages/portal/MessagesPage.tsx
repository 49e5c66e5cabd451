import { useInfiniteQuery } from "@tanstack/react-query";
import { ArrowLeft, MessagesSquare } from "lucide-react";
import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";
import { LoadMoreButton } from "../../components/ui/LoadMoreButton";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { cardClass } from "../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { ConversationList } from "../../features/messages/ConversationList";
import { ConversationThread } from "../../features/messages/ConversationThread";
import { DepartmentChannelButton, NewMessageButton } from "../../features/messages/StartConversation";
import { conversationsQuery, loadedConversations } from "../../lib/queries/conversations";
import { useAuth } from "../../lib/session/AuthProvider";

const LIST_PATH = "/dashboard/messages";

function BackToList() {
  return (
    <Link
      to={LIST_PATH}
      className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-neutral-light/40 lg:hidden dark:hover:bg-brand-700"
    >
      <ArrowLeft aria-hidden className="size-5" />
      <span className="sr-only">Back to conversations</span>
    </Link>
  );
}

function NoConversationYet({ isClient }: { isClient: boolean }) {
  return (
    <EmptyMessage title="No conversations yet.">
      {isClient
        ? "The conversation with the team of each of your projects appears here once you have a project."
        : "Write to a colleague with New message, or open your department's channel."}
    </EmptyMessage>
  );
}

/**
 * /dashboard/messages[/:conversationId]: the conversations beside the open one on wide screens, one at a
 * time on phones (the thread has a way back to the list).
 */
export default function MessagesPage() {
  const { user } = useAuth();
  const params = useParams();
  const list = useInfiniteQuery(conversationsQuery);
  const conversations = loadedConversations(list.data);
  const selectedId = params.conversationId ? Number(params.conversationId) : null;
  const selected = conversations.find((conversation) => conversation.id === selectedId) ?? null;
  // A link to a conversation further down the list (an old one) loads the pages up to it.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const seekSelected = selectedId !== null && !selected && hasNextPage;
  useEffect(() => {
    if (seekSelected && !isFetchingNextPage) void fetchNextPage();
  }, [seekSelected, isFetchingNextPage, fetchNextPage]);
  if (!user) return null;
  const isClient = user.role === "user";

  return (
    <PortalPage>
      {/* A phone showing a conversation gives it the whole screen: the title stays for screen readers only. */}
      {selectedId ? <h1 className="sr-only lg:hidden">Messages</h1> : null}
      <div className={selectedId ? "max-lg:hidden" : ""}>
        <PageHeader
          title="Messages"
          description={isClient ? "Talk to the team building your project." : "Your projects, your department and your colleagues."}
          actions={
            isClient ? undefined : (
              <>
                <NewMessageButton />
                <DepartmentChannelButton />
              </>
            )
          }
        />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[20rem_1fr]">
        <section
          aria-labelledby="conversations-heading"
          className={`${cardClass} min-w-0 px-2 sm:px-3 ${selectedId ? "hidden lg:block" : ""}`}
        >
          <h2 id="conversations-heading" className="px-3 pb-2 text-xl font-bold">
            Conversations
          </h2>
          {list.isPending ? <LoadingMessage>Loading your conversations...</LoadingMessage> : null}
          {list.isError ? <ErrorMessage error={list.error} onRetry={() => void list.refetch()} /> : null}
          {list.isSuccess && conversations.length === 0 ? <NoConversationYet isClient={isClient} /> : null}
          {conversations.length > 0 ? (
            <div className="flex flex-col gap-3 pb-3">
              <ConversationList conversations={conversations} selectedId={selectedId} viewerId={user.id} />
              <LoadMoreButton query={list} label="Load more conversations" />
            </div>
          ) : null}
        </section>
        <div className={`min-w-0 ${selectedId ? "" : "hidden lg:block"}`}>
          {selected ? (
            <ConversationThread key={selected.id} conversation={selected} back={<BackToList />} />
          ) : selectedId && (list.isPending || seekSelected) ? (
            <LoadingMessage>Opening the conversation...</LoadingMessage>
          ) : selectedId && list.data ? (
            <EmptyMessage title="This conversation is not in your list.">
              It may belong to a project you are no longer on.{" "}
              <Link to={LIST_PATH} className={linkClass}>
                Back to your conversations
              </Link>
            </EmptyMessage>
          ) : (
            <div className={`${cardClass} flex min-h-64 flex-col items-center justify-center gap-3 text-center`}>
              <MessagesSquare aria-hidden className="size-10 text-accent-700 dark:text-accent-500" />
              <p className={mutedTextClass}>Choose a conversation to read it here.</p>
            </div>
          )}
        </div>
      </div>
    </PortalPage>
  );
}

import { Link } from "react-router";
import { type ConversationSummary, conversationPath } from "../../../shared/conversations";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { ConversationKindIcon, kindLabel } from "./ConversationKindIcon";
import { OnlineText, useOnlinePeople } from "./people";

function lastLine(conversation: ConversationSummary, viewerId: string): string {
  const last = conversation.lastMessage;
  if (!last) return "No messages yet";
  const who = last.author?.id === viewerId ? "You" : (last.author?.name.split(" ")[0] ?? "Former member");
  return `${who}: ${last.excerpt}`;
}

/** The viewer's conversations, latest activity first: kind, title, last message and its time, unread count. */
export function ConversationList(props: { conversations: readonly ConversationSummary[]; selectedId: number | null; viewerId: string }) {
  const { conversations, selectedId, viewerId } = props;
  const online = useOnlinePeople(conversations.flatMap((item) => (item.otherPerson ? [item.otherPerson.id] : [])));
  return (
    <ul className="flex flex-col">
      {conversations.map((conversation) => {
        const isOnline = conversation.otherPerson !== null && online.has(conversation.otherPerson.id);
        const selected = conversation.id === selectedId;
        return (
          <li key={conversation.id}>
            <Link
              to={conversationPath(conversation.id)}
              aria-current={selected ? "page" : undefined}
              className={`flex min-h-16 items-start gap-3 rounded-lg px-3 py-3 hover:bg-neutral-light/40 dark:hover:bg-brand-700 ${selected ? "bg-neutral-light/50 dark:bg-brand-700" : ""}`}
            >
              <ConversationKindIcon conversation={conversation} online={isOnline} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex items-baseline justify-between gap-2">
                  <span className={`truncate ${conversation.unread > 0 ? "font-bold" : "font-semibold"}`}>
                    {conversation.title}
                    <OnlineText online={isOnline} />
                  </span>
                  {conversation.lastMessage ? (
                    <RelativeTime
                      iso={conversation.lastMessage.createdAt}
                      className="shrink-0 text-xs text-brand-700 dark:text-neutral-light"
                    />
                  ) : null}
                </span>
                <span className="sr-only">{kindLabel(conversation)}. </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-brand-700 dark:text-neutral-light">{lastLine(conversation, viewerId)}</span>
                  {conversation.unread > 0 ? (
                    <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                      {conversation.unread > 99 ? "99+" : conversation.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

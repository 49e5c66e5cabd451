import { FolderKanban, Users } from "lucide-react";
import type { ConversationSummary } from "../../../shared/conversations";
import { PersonAvatar } from "./people";

const kindLabels = { project: "Project", department: "Department channel", direct: "Direct message" } as const;

/** What a conversation is about, in words: "Project", "Department channel", "Direct message". */
export const kindLabel = (conversation: Pick<ConversationSummary, "kind">) => kindLabels[conversation.kind];

/** A project's or a channel's icon; the other person's photo for a direct conversation. */
export function ConversationKindIcon({ conversation, online }: { conversation: ConversationSummary; online: boolean }) {
  if (conversation.kind === "direct") return <PersonAvatar person={conversation.otherPerson} online={online} />;
  const Icon = conversation.kind === "project" ? FolderKanban : Users;
  return (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-700 text-white dark:bg-accent-500 dark:text-brand-900"
    >
      <Icon className="size-4" />
    </span>
  );
}

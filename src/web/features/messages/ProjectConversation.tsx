import { useQuery } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { projectConversationQuery } from "./api";
import { ConversationThread } from "./ConversationThread";

/** A project's conversation (its client, its team, admins) for the project's page: opened on first use, then live. */
export function ProjectConversation({ projectId }: { projectId: number }) {
  const opened = useQuery(projectConversationQuery(projectId));
  if (opened.isPending) return <LoadingMessage>Opening the project's conversation...</LoadingMessage>;
  if (opened.error instanceof ApiError && opened.error.status === 403) {
    return (
      <EmptyMessage title="You can read this project, but not its conversation.">
        Its messages are for the client, the project team and the project office.
      </EmptyMessage>
    );
  }
  if (opened.isError) return <ErrorMessage error={opened.error} onRetry={() => void opened.refetch()} />;
  return <ConversationThread conversation={opened.data.conversation} />;
}

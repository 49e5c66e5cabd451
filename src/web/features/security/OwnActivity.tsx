import { useQuery } from "@tanstack/react-query";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { ownActivityQuery } from "./api";
import { EventLine } from "./EventLine";

/** The signed-in person's latest sign-ins, failures and account changes. */
export function OwnActivity() {
  const activity = useQuery(ownActivityQuery);
  if (activity.isPending) return <LoadingMessage>Loading your recent activity...</LoadingMessage>;
  if (activity.isError) return <ErrorMessage error={activity.error} onRetry={() => void activity.refetch()} />;
  if (activity.data.events.length === 0) return <EmptyMessage title="No security activity yet." />;
  return (
    <ul aria-label="Recent security activity" className="divide-y divide-neutral-light dark:divide-brand-700">
      {activity.data.events.map((event) => (
        <EventLine key={event.id} event={event} />
      ))}
    </ul>
  );
}

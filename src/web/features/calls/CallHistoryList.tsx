import { useQuery } from "@tanstack/react-query";
import type { CallHistoryItem } from "../../../shared/calls";
import { mutedTextClass } from "../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { callHistoryQuery } from "./api";

function lengthOf(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

function outcome(item: CallHistoryItem) {
  if (item.missed) return "Missed";
  if (!item.endedAt) return "Going on";
  if (item.durationSeconds === null) return "Not answered";
  return lengthOf(item.durationSeconds);
}

/** Who called, who answered, when, how long, missed. */
export function CallHistoryList() {
  const history = useQuery(callHistoryQuery);
  const formats = useDateFormats();
  if (history.isPending) return <LoadingMessage>Loading your calls…</LoadingMessage>;
  if (history.isError) return <ErrorMessage error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data.items.length === 0) return <EmptyMessage title="No calls yet.">Your calls and missed calls appear here.</EmptyMessage>;
  return (
    <ul className="divide-y divide-neutral-light dark:divide-brand-700">
      {history.data.items.map((item) => (
        <li key={item.callId} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
          <div className="min-w-0">
            <p className="font-semibold">
              {item.media === "video" ? "Video" : "Voice"} call from {item.caller?.name ?? "a former colleague"}
            </p>
            <p className={`text-sm ${mutedTextClass}`}>
              {formats.dateTime(item.startedAt)} · {item.department}
              {item.answeredBy.length > 0 ? ` · answered by ${item.answeredBy.map((person) => person.name).join(", ")}` : ""}
            </p>
          </div>
          <p className={item.missed ? "font-semibold text-red-700 dark:text-red-300" : ""}>{outcome(item)}</p>
        </li>
      ))}
    </ul>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ANNOUNCE_TO_ALL } from "../../../shared/admin";
import { Pager } from "../../components/ui/Pager";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { pageOf, useSearchFilters } from "../../lib/use-search-filters";
import { announcementsQuery } from "./api";

/** The announcements the signed-in staff member was sent (admins: all), newest first. */
export function AnnouncementsList() {
  const formats = useDateFormats();
  const { params, update } = useSearchFilters();
  const page = pageOf(params);
  const list = useQuery({ ...announcementsQuery(page), placeholderData: keepPreviousData });
  if (list.isPending) return <LoadingMessage>Loading announcements...</LoadingMessage>;
  if (list.isError) return <ErrorMessage error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return <EmptyMessage title="No announcement yet." />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="divide-y divide-neutral-light dark:divide-brand-700" aria-label="Announcements">
        {list.data.items.map((announcement) => (
          <li key={announcement.id} className="flex flex-col gap-1 py-4">
            <h3 className="text-lg font-semibold">{announcement.title}</h3>
            <p className="text-sm text-brand-700 dark:text-neutral-light">
              To {announcement.audience === ANNOUNCE_TO_ALL ? "all staff" : `the ${announcement.audience} department`}
              {announcement.authorName ? ` · from ${announcement.authorName}` : ""} · {formats.dateTime(announcement.createdAt)}
            </p>
            {announcement.body ? <p className="whitespace-pre-line break-words">{announcement.body}</p> : null}
          </li>
        ))}
      </ul>
      <Pager label="Pages of announcements" page={page} pageCount={list.data.pageCount} onPage={(next) => update({ page: String(next) })} />
    </div>
  );
}

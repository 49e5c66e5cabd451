import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { canHandleInquiries } from "../../../shared/access";
import { type InquiryStatus, inquiryStatuses, inquiryStatusLabels } from "../../../shared/inquiries";
import { Button } from "../../components/ui/Button";
import { FilterSelect } from "../../components/ui/FilterSelect";
import { FilterTabs } from "../../components/ui/FilterTabs";
import { Pager } from "../../components/ui/Pager";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { SearchForm } from "../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useAuth } from "../../lib/session/AuthProvider";
import { pageOf, pickAllowed, useSearchFilters } from "../../lib/use-search-filters";
import { type InquiryFilters, inquiriesQuery } from "./api";
import { InquiryDetail } from "./InquiryDetail";
import { InquiryStatusBadge } from "./InquiryStatusBadge";

const ALL = "all";
const assignees = ["me", "none"] as const;

/**
 * The office's contact inquiries: tabs by status with their counts, search, whose they are, the list,
 * and the chosen inquiry beside it (instead of it on a phone). Filters and the chosen inquiry are in
 * the address (?status=&assignee=&search=&inquiry=), so a link can open the inbox on one inquiry.
 */
export function InquiryInbox() {
  const { user } = useAuth();
  const { params, update } = useSearchFilters();
  const status = pickAllowed(params.get("status"), [...inquiryStatuses, ALL] as const) ?? "new";
  const query: InquiryFilters = {
    status: status === ALL ? undefined : status,
    assignee: pickAllowed(params.get("assignee"), assignees),
    search: params.get("search") ?? undefined,
    page: pageOf(params),
  };
  const selectedId = Number(params.get("inquiry")) || null;
  const inquiries = useQuery({ ...inquiriesQuery(query), placeholderData: keepPreviousData });
  const counts = inquiries.data?.counts;
  const select = (id: number | null) => update({ inquiry: id ? String(id) : undefined, page: params.get("page") ?? undefined });

  const tabs = [
    ...inquiryStatuses.map((value) => ({ value, label: inquiryStatusLabels[value], count: counts?.[value] })),
    { value: ALL, label: "All", count: counts ? counts.new + counts.assigned + counts.handled : undefined },
  ] satisfies { value: InquiryStatus | typeof ALL; label: string; count?: number }[];

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className={`flex min-w-0 flex-col gap-4 ${selectedId ? "max-lg:hidden" : ""}`}>
        <FilterTabs
          label="Inquiries by status"
          options={tabs}
          value={status}
          onChange={(value) => update({ status: value, inquiry: undefined })}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchForm
            label="Search name, email or subject"
            initial={query.search ?? ""}
            onSearch={(text) => update({ search: text || undefined })}
          />
          {user && canHandleInquiries(user) ? (
            <FilterSelect label="Whose" allLabel="Everyone's" value={query.assignee} onChange={(assignee) => update({ assignee })}>
              <option value="me">Mine</option>
              <option value="none">Unassigned</option>
            </FilterSelect>
          ) : null}
        </div>
        {inquiries.isPending ? <LoadingMessage>Loading inquiries...</LoadingMessage> : null}
        {inquiries.isError ? <ErrorMessage error={inquiries.error} onRetry={() => void inquiries.refetch()} /> : null}
        {inquiries.data && inquiries.data.items.length === 0 ? (
          <EmptyMessage title="No inquiry here.">Messages sent with the website's contact form arrive in this inbox.</EmptyMessage>
        ) : null}
        {inquiries.data && inquiries.data.items.length > 0 ? (
          <>
            <ul aria-label="Inquiries" aria-busy={inquiries.isFetching} className="flex flex-col gap-2">
              {inquiries.data.items.map((inquiry) => (
                <li key={inquiry.id}>
                  <button
                    type="button"
                    aria-current={inquiry.id === selectedId ? "true" : undefined}
                    onClick={() => select(inquiry.id)}
                    // The chosen one is outlined, not shaded: its status badge keeps its contrast in both themes.
                    className="flex w-full flex-col gap-1 rounded-lg border border-neutral-light p-3 text-left hover:border-brand-900 aria-[current=true]:border-brand-900 aria-[current=true]:ring-2 aria-[current=true]:ring-brand-900 dark:border-brand-700 dark:hover:border-white dark:aria-[current=true]:border-white dark:aria-[current=true]:ring-white"
                  >
                    <span className="flex items-start justify-between gap-2">
                      <span className="min-w-0 font-semibold break-words">{inquiry.subject}</span>
                      <InquiryStatusBadge status={inquiry.status} />
                    </span>
                    <span className="text-sm break-words">
                      {inquiry.name} · <RelativeTime iso={inquiry.createdAt} />
                      {inquiry.assignedTo ? ` · ${inquiry.assignedTo.name}` : ""}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager
              label="Pages of inquiries"
              page={query.page}
              pageCount={inquiries.data.pageCount}
              onPage={(page) => update({ page: String(page) })}
            />
          </>
        ) : null}
      </div>
      <div className="min-w-0">
        {selectedId ? (
          <div className="flex flex-col gap-4">
            <div className="lg:hidden">
              <Button variant="secondary" onClick={() => select(null)}>
                <ArrowLeft aria-hidden className="size-4" />
                Back to the list
              </Button>
            </div>
            <InquiryDetail key={selectedId} id={selectedId} />
          </div>
        ) : (
          <p className="max-lg:hidden rounded-md border border-dashed border-neutral-mid p-6 text-center">Choose an inquiry to read it.</p>
        )}
      </div>
    </div>
  );
}

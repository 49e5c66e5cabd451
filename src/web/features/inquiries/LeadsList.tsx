import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { mutedTextClass } from "../../components/form/form-fields";
import { Pager } from "../../components/ui/Pager";
import { ResultCount } from "../../components/ui/ResultCount";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { inquiriesQuery } from "./api";
import { InquiryStatusBadge } from "./InquiryStatusBadge";

/** The contact form's leads, newest first, read-only: who wrote, about what, and where each stands. */
export function LeadsList() {
  const formats = useDateFormats();
  const [page, setPage] = useState(1);
  const leads = useQuery({ ...inquiriesQuery({ page }), placeholderData: keepPreviousData });
  if (leads.isPending) return <LoadingMessage>Loading the leads...</LoadingMessage>;
  if (leads.isError) return <ErrorMessage error={leads.error} onRetry={() => void leads.refetch()} />;
  if (leads.data.items.length === 0) {
    return <EmptyMessage title="No lead yet.">Messages sent with the website's contact form appear here.</EmptyMessage>;
  }
  return (
    <div className="flex flex-col gap-4">
      <ResultCount count={leads.data.total} one="lead" many="leads" />
      <ul aria-label="Leads" aria-busy={leads.isFetching} className="divide-y divide-neutral-light dark:divide-brand-700">
        {leads.data.items.map((lead) => (
          <li key={lead.id} className="flex flex-col gap-1 py-3">
            <div className="flex items-start justify-between gap-2">
              <p className="min-w-0 font-semibold break-words">{lead.subject}</p>
              <InquiryStatusBadge status={lead.status} />
            </div>
            <p className={`text-sm break-words ${mutedTextClass}`}>
              {lead.name} · {formats.dateTime(lead.createdAt)}
              {lead.project ? ` · became ${lead.project.reference}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <Pager label="Pages of leads" page={page} pageCount={leads.data.pageCount} onPage={setPage} />
    </div>
  );
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type AuditEntry, auditActionLabels, auditActions } from "../../../shared/admin";
import { FilterSelect } from "../../components/ui/FilterSelect";
import { Pager } from "../../components/ui/Pager";
import { ResultCount } from "../../components/ui/ResultCount";
import { SearchForm } from "../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { pickAllowed, useSearchFilters } from "../../lib/use-search-filters";
import { auditLogQuery } from "./api";

/** A value before or after the change, as short text ("role: staff, department: HR"). */
function summarise(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value !== "object") return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key}: ${typeof inner === "object" && inner !== null ? summarise(inner) : String(inner)}`)
    .join(", ");
}

function AuditLine({ entry }: { entry: AuditEntry }) {
  const formats = useDateFormats();
  return (
    <li className="flex flex-col gap-1 py-3">
      <p className="font-semibold">
        {auditActionLabels[entry.action]}
        {entry.targetLabel ? <span className="break-all font-normal"> · {entry.targetLabel}</span> : null}
      </p>
      <p className="text-sm">
        By <span className="break-all">{entry.actorEmail}</span> from {entry.ipAddress} on {formats.dateTime(entry.createdAt)}
      </p>
      {entry.before !== null || entry.after !== null ? (
        <p className="break-words text-sm text-brand-700 dark:text-neutral-light">
          {summarise(entry.before)} → {summarise(entry.after)}
        </p>
      ) : null}
    </li>
  );
}

/** Every admin action, newest first, filtered by kind and by the admin's or the target's email (the filters live in the address). */
export function AuditLog() {
  const { params, update } = useSearchFilters();
  const action = pickAllowed(params.get("auditAction"), auditActions);
  const search = params.get("auditSearch") ?? undefined;
  const page = Math.max(1, Number(params.get("auditPage")) || 1);
  const log = useQuery({ ...auditLogQuery({ action, search, page }), placeholderData: keepPreviousData });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchForm
          label="Search by email"
          initial={search ?? ""}
          onSearch={(text) => update({ auditSearch: text || undefined, auditPage: undefined })}
        />
        <FilterSelect label="Action" value={action} onChange={(next) => update({ auditAction: next, auditPage: undefined })}>
          {auditActions.map((option) => (
            <option key={option} value={option}>
              {auditActionLabels[option]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {log.isPending ? <LoadingMessage>Loading the audit log...</LoadingMessage> : null}
      {log.isError ? <ErrorMessage error={log.error} onRetry={() => void log.refetch()} /> : null}
      {log.data && log.data.items.length === 0 ? <EmptyMessage title="No admin action matches these filters." /> : null}
      {log.data && log.data.items.length > 0 ? (
        <>
          <ResultCount count={log.data.total} one="action" many="actions" />
          <ul className="divide-y divide-neutral-light dark:divide-brand-700" aria-label="Audit log" aria-busy={log.isFetching}>
            {log.data.items.map((entry) => (
              <AuditLine key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager
            label="Pages of the audit log"
            page={page}
            pageCount={log.data.pageCount}
            onPage={(next) => update({ auditPage: String(next) })}
          />
        </>
      ) : null}
    </div>
  );
}

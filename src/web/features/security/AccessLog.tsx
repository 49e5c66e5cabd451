import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { type FormEvent, useState } from "react";
import { describeSecurityEvent, securityEventTypes, securityOutcomes } from "../../../shared/security-events";
import { FormAlert, inputClass } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { Pager } from "../../components/ui/Pager";
import { ResultCount } from "../../components/ui/ResultCount";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { saveFile } from "../../lib/save-file";
import { useSearchFilters } from "../../lib/use-search-filters";
import { type EventFilters, securityApi, securityEventsQuery } from "./api";
import { EventLine } from "./EventLine";

const filterNames = ["user", "type", "address", "outcome", "from", "to"] as const;
const param = (name: string) => `log${name[0]?.toUpperCase()}${name.slice(1)}`;

/** A datetime-local value (the person's own time) as the API's ISO time; empty stays empty. */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The whole access log, filtered and paged on the server (the filters live in the address), and its CSV export. */
export function AccessLog() {
  const { params, update } = useSearchFilters();
  const chosen = Object.fromEntries(filterNames.map((name) => [name, params.get(param(name)) ?? ""])) as Record<
    (typeof filterNames)[number],
    string
  >;
  const [draft, setDraft] = useState(chosen);
  const page = Math.max(1, Number(params.get("logPage")) || 1);
  const filters: EventFilters = { ...chosen, from: isoOf(chosen.from), to: isoOf(chosen.to) };
  const log = useQuery({ ...securityEventsQuery({ ...filters, page }), placeholderData: keepPreviousData });
  const download = useAttempt();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    update({ ...Object.fromEntries(filterNames.map((name) => [param(name), draft[name].trim() || undefined])), logPage: undefined });
  };
  const field = (name: (typeof filterNames)[number]) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
    className: inputClass,
  });

  return (
    <div className="flex flex-col gap-4">
      <search>
        <form onSubmit={apply} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filter the access log">
          <label className="font-medium">
            Account (email)
            <input type="search" {...field("user")} />
          </label>
          <label className="font-medium">
            Address or range
            <input type="search" inputMode="text" placeholder="203.0.113.7 or 203.0.113.0/24" {...field("address")} />
          </label>
          <label className="font-medium">
            Event
            <select {...field("type")}>
              <option value="">All</option>
              {securityEventTypes.map((type) => (
                <option key={type} value={type}>
                  {describeSecurityEvent({ type, outcome: "success", reason: null })}
                </option>
              ))}
            </select>
          </label>
          <label className="font-medium">
            Outcome
            <select {...field("outcome")}>
              <option value="">All</option>
              {securityOutcomes.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {outcome === "success" ? "Succeeded" : "Failed or refused"}
                </option>
              ))}
            </select>
          </label>
          <label className="font-medium">
            From
            <input type="datetime-local" {...field("from")} />
          </label>
          <label className="font-medium">
            To
            <input type="datetime-local" {...field("to")} />
          </label>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
            <Button type="submit">Filter</Button>
            <Button
              type="button"
              variant="secondary"
              disabled={download.pending}
              onClick={() =>
                void download.attempt(async () => {
                  const file = await securityApi.downloadCsv(filters);
                  saveFile(file.blob, file.fileName);
                })
              }
            >
              <Download aria-hidden className="size-4" />
              {download.pending ? "Preparing the CSV..." : "Download CSV"}
            </Button>
          </div>
        </form>
      </search>
      <FormAlert message={download.failure} />
      {log.isPending ? <LoadingMessage>Loading the access log...</LoadingMessage> : null}
      {log.isError ? <ErrorMessage error={log.error} onRetry={() => void log.refetch()} /> : null}
      {log.data && log.data.items.length === 0 ? <EmptyMessage title="No event matches these filters." /> : null}
      {log.data && log.data.items.length > 0 ? (
        <>
          <ResultCount count={log.data.total} one="event" many="events" />
          <ul className="divide-y divide-neutral-light dark:divide-brand-700" aria-label="Access log" aria-busy={log.isFetching}>
            {log.data.items.map((event) => (
              <EventLine key={event.id} event={event} showAccount />
            ))}
          </ul>
          <Pager
            label="Pages of the access log"
            page={page}
            pageCount={log.data.pageCount}
            onPage={(next) => update({ logPage: String(next) })}
          />
        </>
      ) : null}
    </div>
  );
}

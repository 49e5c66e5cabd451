import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { countOf } from "../../../shared/plural";
import type { SecurityAlert } from "../../../shared/security";
import { FormAlert, mutedTextClass } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { FilterTabs } from "../../components/ui/FilterTabs";
import { Pager } from "../../components/ui/Pager";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { pathStartsWith } from "../../lib/query/api-query";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { alertsQuery, SECURITY_PATHS, securityApi } from "./api";
import { EventLine } from "./EventLine";

const severityClass = {
  high: "bg-red-700 text-white",
  medium: "bg-amber-300 text-brand-900",
  low: "bg-neutral-light text-brand-900",
} as const;

function Alert({ alert }: { alert: SecurityAlert }) {
  const formats = useDateFormats();
  const queryClient = useQueryClient();
  const { pending, failure, attempt } = useAttempt();
  const [showEvidence, setShowEvidence] = useState(false);
  const refresh = () => Promise.all(SECURITY_PATHS.map((path) => queryClient.invalidateQueries({ predicate: pathStartsWith(path) })));
  const acknowledge = () =>
    attempt(async () => {
      await securityApi.acknowledge(alert.id);
      toast.success("Alert acknowledged.");
      await refresh();
    });
  const blockAddress = (address: string) =>
    attempt(async () => {
      await securityApi.block({ address, reason: `${alert.title} (alert ${alert.id})`, alertId: alert.id });
      toast.success(`${address} is blocked.`);
      await refresh();
    });
  const evidenceId = `alert-${alert.id}-evidence`;
  return (
    <li className="flex flex-col gap-2 py-4" aria-label={`${alert.title}: ${alert.subject}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold uppercase ${severityClass[alert.severity]}`}>{alert.severity}</span>
        <p className="font-semibold">{alert.title}</p>
      </div>
      <p className={`break-all text-sm ${mutedTextClass}`}>
        {alert.subject} · {countOf(alert.evidence.length, "event")} · first {formats.dateTime(alert.createdAt)}, latest{" "}
        {formats.dateTime(alert.lastSeenAt)}
        {alert.acknowledgedAt ? ` · acknowledged ${formats.dateTime(alert.acknowledgedAt)}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={showEvidence} aria-controls={evidenceId} onClick={() => setShowEvidence(!showEvidence)}>
          {showEvidence ? "Hide evidence" : "Show evidence"}
        </Button>
        {alert.status === "open" ? (
          <Button onClick={() => void acknowledge()} disabled={pending}>
            Acknowledge
          </Button>
        ) : null}
        {alert.ipAddress ? (
          <Button variant="secondary" onClick={() => void blockAddress(alert.ipAddress ?? "")} disabled={pending}>
            Block {alert.ipAddress}
          </Button>
        ) : null}
      </div>
      <FormAlert message={failure} />
      <ul id={evidenceId} hidden={!showEvidence} aria-label="Evidence" className="divide-y divide-neutral-light dark:divide-brand-700">
        {alert.evidence.map((event) => (
          <EventLine key={event.id} event={event} showAccount />
        ))}
      </ul>
    </li>
  );
}

/** What the threat rules raised: open ones first to read, acknowledge, or block the address they came from. */
export function AlertsList() {
  const [status, setStatus] = useState<"open" | "acknowledged">("open");
  const [page, setPage] = useState(1);
  const alerts = useQuery({ ...alertsQuery(status, page), placeholderData: keepPreviousData });
  return (
    <div className="flex flex-col gap-4">
      <FilterTabs
        label="Alerts to show"
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        options={[
          { value: "open", label: "Open" },
          { value: "acknowledged", label: "Acknowledged" },
        ]}
      />
      {alerts.isPending ? <LoadingMessage>Loading the alerts...</LoadingMessage> : null}
      {alerts.isError ? <ErrorMessage error={alerts.error} onRetry={() => void alerts.refetch()} /> : null}
      {alerts.data && alerts.data.items.length === 0 ? (
        <EmptyMessage title={status === "open" ? "No open alert." : "No acknowledged alert."} />
      ) : null}
      {alerts.data && alerts.data.items.length > 0 ? (
        <>
          <ul className="divide-y divide-neutral-light dark:divide-brand-700" aria-label="Alerts" aria-busy={alerts.isFetching}>
            {alerts.data.items.map((alert) => (
              <Alert key={alert.id} alert={alert} />
            ))}
          </ul>
          <Pager label="Pages of alerts" page={page} pageCount={alerts.data.pageCount} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}

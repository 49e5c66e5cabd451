import { useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarDayText } from "../../../shared/calendar";
import type { Valuation } from "../../../shared/contracts";
import { formatKobo } from "../../../shared/naira";
import { mutedTextClass } from "../../components/form/form-fields";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { contractsApi, valuationsQuery } from "./api";
import { DownloadFileButton } from "./DownloadFileButton";

const statusLabels: Record<Valuation["status"], string> = { draft: "Draft: waiting for Accounts", certified: "Certified" };
const statusTones: Record<Valuation["status"], string> = {
  draft: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  certified: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
};

function Figure({ label, kobo, strong = false }: { label: string; kobo: number; strong?: boolean }) {
  return (
    <div>
      <dt className={`text-sm ${mutedTextClass}`}>{label}</dt>
      <dd className={`tabular-nums ${strong ? "text-lg font-bold" : "font-semibold"}`}>{formatKobo(kobo)}</dd>
    </div>
  );
}

function ValuationItem({ projectId, valuation, canCertify }: { projectId: number; valuation: Valuation; canCertify: boolean }) {
  const queryClient = useQueryClient();
  const { dateTime } = useDateFormats();
  const name = `Valuation No. ${valuation.number}`;
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-neutral-light p-4 dark:border-brand-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-bold">
          {name} <span className={`font-normal ${mutedTextClass}`}>as at {calendarDayText(valuation.asAt)}</span>
        </h4>
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${statusTones[valuation.status]}`}>
          {statusLabels[valuation.status]}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Gross value to date" kobo={valuation.grossValue} />
        <Figure label="Retention" kobo={valuation.retention} />
        <Figure label="Less previous certificates" kobo={valuation.lessPrevious} />
        <Figure label="Amount due" kobo={valuation.amountDue} strong />
      </dl>
      <p className={`text-sm ${mutedTextClass}`}>
        Prepared by {valuation.preparedBy?.name ?? "a former member of staff"} on {dateTime(valuation.preparedAt)}
        {valuation.certifiedAt
          ? `; certified by ${valuation.certifiedBy?.name ?? "a former member of staff"} on ${dateTime(valuation.certifiedAt)}.`
          : "."}
      </p>
      <div className="flex flex-wrap gap-2">
        <DownloadFileButton
          label="Download certificate"
          accessibleName={`Download certificate of valuation No. ${valuation.number}`}
          failure="The certificate could not be downloaded."
          download={() => contractsApi.downloadCertificate(projectId, valuation)}
        />
        {canCertify && valuation.status === "draft" ? (
          <ConfirmButton
            label="Certify valuation"
            pendingLabel="Certifying..."
            title={`Certify valuation No. ${valuation.number}?`}
            onConfirm={async () => {
              await contractsApi.certifyValuation(projectId, valuation.id);
              toast.success(`${name} certified.`, { description: `${formatKobo(valuation.amountDue)} is due.` });
              await refreshProjects(queryClient);
            }}
          >
            Once certified, this valuation cannot change. The amount due is {formatKobo(valuation.amountDue)}.
          </ConfirmButton>
        ) : null}
      </div>
    </li>
  );
}

/** The interim valuations, newest first, with their certificates; Accounts certify the draft. */
export function Valuations({ projectId, canCertify }: { projectId: number; canCertify: boolean }) {
  const valuations = useQuery(valuationsQuery(projectId));
  if (valuations.isPending) return <LoadingMessage>Loading the valuations...</LoadingMessage>;
  if (valuations.isError) return <ErrorMessage error={valuations.error} onRetry={() => void valuations.refetch()} />;
  if (valuations.data.items.length === 0) {
    return (
      <EmptyMessage title="No valuation yet.">
        The project office measures the work done to date; each valuation's certificate shows what is due.
      </EmptyMessage>
    );
  }
  return (
    <ol aria-label="Valuations" className="flex flex-col gap-4">
      {valuations.data.items.map((valuation) => (
        <ValuationItem key={valuation.id} projectId={projectId} valuation={valuation} canCertify={canCertify} />
      ))}
    </ol>
  );
}

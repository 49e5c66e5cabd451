import type { ProjectContract } from "../../../shared/contracts";
import { mutedTextClass } from "../../components/form/form-fields";
import { useDateFormats } from "../../lib/use-date-formats";

/** The contract as signed: its date, retention and defects liability period, and who recorded it. */
export function ContractTerms({ contract }: { contract: ProjectContract }) {
  const formats = useDateFormats();
  const terms = [
    ["Signed on", formats.date(contract.signedOn)],
    ["Retention", `${contract.retentionPercent} %`],
    ["Defects liability period", `${contract.defectsPeriodDays} days`],
  ] as const;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid gap-3 sm:grid-cols-3">
        {terms.map(([term, value]) => (
          <div key={term}>
            <dt className={`text-sm ${mutedTextClass}`}>{term}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`text-sm ${mutedTextClass}`}>
        Recorded by {contract.recordedBy?.name ?? "a former member"} {formats.dateTime(contract.recordedAt)}.
      </p>
    </div>
  );
}

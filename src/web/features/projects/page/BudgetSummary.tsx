import type { ProjectFinance } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { formatNaira, formatPercent } from "../../../lib/format";

/** Budget against spent: the figures, what remains (or the overrun), and a bar of the share spent. */
export function BudgetSummary({ finance }: { finance: ProjectFinance }) {
  const { budgetKobo, spentKobo } = finance;
  const over = spentKobo > budgetKobo;
  const share = budgetKobo > 0 ? spentKobo / budgetKobo : null;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>Budget</dt>
          <dd className="text-xl font-bold tabular-nums">{formatNaira(budgetKobo)}</dd>
        </div>
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>Spent</dt>
          <dd className="text-xl font-bold tabular-nums">{formatNaira(spentKobo)}</dd>
        </div>
        <div>
          <dt className={`text-sm ${mutedTextClass}`}>{over ? "Over budget by" : "Remaining"}</dt>
          <dd className={`text-xl font-bold tabular-nums ${over ? "text-red-700 dark:text-red-300" : ""}`}>
            {formatNaira(Math.abs(budgetKobo - spentKobo))}
          </dd>
        </div>
      </dl>
      {share !== null ? (
        <div>
          <div aria-hidden className="h-2.5 overflow-hidden rounded-full bg-neutral-light dark:bg-brand-700">
            <div
              className={`h-full rounded-full ${over ? "bg-red-700 dark:bg-red-300" : "bg-accent-700 dark:bg-accent-500"}`}
              style={{ width: `${Math.min(100, share * 100)}%` }}
            />
          </div>
          <p className="mt-1 text-sm">{formatPercent(share)} of the budget spent.</p>
        </div>
      ) : (
        <p className={`text-sm ${mutedTextClass}`}>No budget set yet.</p>
      )}
    </div>
  );
}

import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import type { ProjectBudgetLine } from "../../../../shared/projects";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { formatNaira, formatPercent } from "../../../lib/format";
import { ProjectStatusBadge } from "../ProjectStatusBadge";
import { projectPagePath } from "../project-labels";

/** Projects that spent more than their budget, the largest overrun first (as the API orders them), highlighted. */
export function OverBudgetList({ lines }: { lines: ProjectBudgetLine[] }) {
  if (lines.length === 0) return <EmptyMessage title="No project is over budget." />;
  return (
    <ul className="flex flex-col gap-3">
      {lines.map((line) => {
        const over = line.spentKobo - line.budgetKobo;
        return (
          <li
            key={line.id}
            className="flex flex-col gap-2 rounded-lg border-l-4 border-red-700 bg-red-50 p-4 text-red-950 dark:border-red-300 dark:bg-red-950 dark:text-red-50"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-semibold break-words">
                  <TriangleAlert aria-hidden className="size-5 shrink-0" />
                  <Link to={projectPagePath(line.id)} className="underline underline-offset-2">
                    {line.title}
                  </Link>
                </p>
                <p className="font-mono text-sm">{line.reference}</p>
              </div>
              <ProjectStatusBadge status={line.status} />
            </div>
            <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt>Budget</dt>
                <dd className="font-semibold tabular-nums">{formatNaira(line.budgetKobo)}</dd>
              </div>
              <div>
                <dt>Spent</dt>
                <dd className="font-semibold tabular-nums">{formatNaira(line.spentKobo)}</dd>
              </div>
              <div>
                <dt>Over by</dt>
                <dd className="font-semibold tabular-nums">
                  {formatNaira(over)}
                  {line.budgetKobo > 0 ? ` (${formatPercent(over / line.budgetKobo)})` : ""}
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

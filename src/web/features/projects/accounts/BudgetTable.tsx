import { Link } from "react-router";
import type { ProjectBudgetLine } from "../../../../shared/projects";
import { EmptyMessage } from "../../../components/ui/StatusMessage";
import { TableHead } from "../../../components/ui/TableHead";
import { formatNaira } from "../../../lib/format";
import { projectPagePath } from "../project-labels";

const columns = [
  { label: "Project" },
  { label: "Budget", className: "text-right" },
  { label: "Spent", className: "text-right" },
  { label: "Remaining", className: "text-right" },
];

const isOver = (line: ProjectBudgetLine) => line.spentKobo > line.budgetKobo;

/**
 * Budget against spent per active project, in naira: the chart's figures for everyone (a table on
 * wide screens, stacked rows on small ones). Overruns are highlighted and said in words.
 */
export function BudgetTable({ lines, id }: { lines: ProjectBudgetLine[]; id: string }) {
  if (lines.length === 0) return <EmptyMessage title="No active project yet." />;
  return (
    <table id={id} className="w-full text-left">
      <caption className="sr-only">Budget against spent per active project, in naira</caption>
      <TableHead columns={columns} className="hidden md:table-header-group" />
      <tbody className="divide-y divide-neutral-light dark:divide-brand-700">
        {lines.map((line) => {
          const over = isOver(line);
          return (
            <tr
              key={line.id}
              className={`flex flex-col gap-1 py-3 md:table-row md:py-0 ${over ? "bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50" : ""}`}
            >
              <th scope="row" className="text-left font-normal md:py-3 md:pr-3 md:pl-2">
                <Link to={projectPagePath(line.id)} className="font-semibold break-words underline-offset-2 hover:underline">
                  {line.title}
                </Link>
                <span className="block font-mono text-sm">{line.reference}</span>
              </th>
              <td className="tabular-nums md:py-3 md:pr-3 md:text-right">
                <span className="md:sr-only">Budget: </span>
                {formatNaira(line.budgetKobo)}
              </td>
              <td className="tabular-nums md:py-3 md:pr-3 md:text-right">
                <span className="md:sr-only">Spent: </span>
                {formatNaira(line.spentKobo)}
              </td>
              <td className={`tabular-nums md:py-3 md:pr-2 md:text-right ${over ? "font-semibold" : ""}`}>
                <span className="md:sr-only">{over ? "Over budget by: " : "Remaining: "}</span>
                {over ? (
                  <span aria-hidden className="hidden md:inline">
                    Over by{" "}
                  </span>
                ) : null}
                {formatNaira(Math.abs(line.budgetKobo - line.spentKobo))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

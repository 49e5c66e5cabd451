import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ProjectBudgetLine } from "../../../../shared/projects";
import { formatNaira } from "../../../lib/format";

const compactNaira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", notation: "compact", maximumFractionDigits: 1 });

/** The brand's light accent and neutral mid read on both the light and the dark background. */
const BUDGET_COLOUR = "#969a9e";
const SPENT_COLOUR = "#aa7452";
const MAX_BARS = 12;

/**
 * Budget against spent per active project as bars (the largest budgets). Recharts is loaded with
 * this screen only. The bars are a picture of the table described by `tableId`, which holds the
 * figures for assistive technology.
 */
export function BudgetChart({ lines, tableId }: { lines: ProjectBudgetLine[]; tableId: string }) {
  const data = lines.slice(0, MAX_BARS).map((line) => ({ name: line.reference, budget: line.budgetKobo, spent: line.spentKobo }));
  return (
    <figure className="flex flex-col gap-2">
      <div aria-hidden className="h-80 w-full text-brand-900 dark:text-neutral-light">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.2} />
            <XAxis dataKey="name" tick={{ fill: "currentColor", fontSize: 12 }} stroke="currentColor" />
            <YAxis
              tickFormatter={(kobo: number) => compactNaira.format(kobo / 100)}
              tick={{ fill: "currentColor", fontSize: 12 }}
              stroke="currentColor"
              width={72}
            />
            <Tooltip
              formatter={(kobo) => formatNaira(Number(kobo))}
              contentStyle={{ color: "#051822" }}
              cursor={{ fill: "currentColor", fillOpacity: 0.08 }}
            />
            <Legend />
            <Bar dataKey="budget" name="Budget" fill={BUDGET_COLOUR} />
            <Bar dataKey="spent" name="Spent" fill={SPENT_COLOUR} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm">
        Budget against spent for {data.length === lines.length ? "each active project" : `the ${data.length} largest active budgets`}. The
        figures are in{" "}
        <a href={`#${tableId}`} className="underline underline-offset-2">
          the table below
        </a>
        .
      </figcaption>
    </figure>
  );
}

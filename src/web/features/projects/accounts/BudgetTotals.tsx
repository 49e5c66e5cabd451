import type { ProjectStats } from "../../../../shared/projects";
import { StatCard, StatGrid } from "../../../components/ui/StatCard";
import { formatNaira } from "../../../lib/format";

type Finance = NonNullable<ProjectStats["finance"]>;

/** Money across contracted work: budgets, spending, what remains, and how many projects overran. */
export function BudgetTotals({ finance }: { finance: Finance }) {
  const remaining = finance.budgetTotalKobo - finance.spentTotalKobo;
  return (
    <StatGrid label="Totals across contracted projects">
      <StatCard label="Total budget" value={formatNaira(finance.budgetTotalKobo)} hint="Every project but requests and cancelled ones" />
      <StatCard label="Spent" value={formatNaira(finance.spentTotalKobo)} />
      <StatCard
        label={remaining < 0 ? "Over the total budget by" : "Remaining"}
        value={<span className={remaining < 0 ? "text-red-700 dark:text-red-300" : ""}>{formatNaira(Math.abs(remaining))}</span>}
      />
      <StatCard label="Projects over budget" value={finance.overBudget.length} />
    </StatGrid>
  );
}

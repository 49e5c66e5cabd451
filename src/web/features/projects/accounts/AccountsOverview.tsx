import { useQuery } from "@tanstack/react-query";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectStatsQuery } from "../../../lib/queries/projects";
import { BudgetChart } from "./BudgetChart";
import { BudgetTable } from "./BudgetTable";
import { BudgetTotals } from "./BudgetTotals";
import { OverBudgetList } from "./OverBudgetList";

const TABLE_ID = "budget-figures";

/** The Accounts dashboard's content: totals, overruns, and budget against spent per active project. */
export function AccountsOverview() {
  const stats = useQuery(projectStatsQuery);
  if (stats.isPending) return <LoadingMessage>Loading budgets and spending...</LoadingMessage>;
  if (stats.isError) return <ErrorMessage error={stats.error} onRetry={() => void stats.refetch()} />;
  const { finance } = stats.data;
  if (!finance) return <EmptyMessage title="Budgets are not shown to your account." />;
  return (
    <>
      <BudgetTotals finance={finance} />
      <SectionCard id="over-budget" title="Projects over budget" description="Spent more than their budget, the largest overrun first.">
        <OverBudgetList lines={finance.overBudget} />
      </SectionCard>
      <SectionCard id="active-budgets" title="Budget against spent" description="Active projects: planning, in progress or on hold.">
        {finance.activeProjects.length === 0 ? (
          <EmptyMessage title="No active project yet." />
        ) : (
          <div className="flex flex-col gap-6">
            <BudgetChart lines={finance.activeProjects} tableId={TABLE_ID} />
            <BudgetTable lines={finance.activeProjects} id={TABLE_ID} />
          </div>
        )}
      </SectionCard>
    </>
  );
}

import { useQuery } from "@tanstack/react-query";
import { type Timeframe, timeframeLabels } from "../../../shared/analytics";
import { type ProjectCategory, type ProjectStatus, projectCategoryLabels, projectStatusLabels } from "../../../shared/project-terms";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { formatNaira, formatPercent } from "../../lib/format";
import { projectsAnalyticsQuery } from "./api";
import { ChartPanel } from "./ChartPanel";
import { BreakdownChart, TimeChart } from "./charts";
import { breakdownFigures, timeFigures } from "./tables";

const workSeries = [
  { key: "started", name: "Started" },
  { key: "completed", name: "Completed" },
];
const inquirySeries = [
  { key: "inquiries", name: "Inquiries" },
  { key: "converted", name: "Became projects" },
];

/** GET /api/admin/analytics/projects: work started and completed, the new projects, and inquiries that became projects. */
export function ProjectsAnalyticsSection({ timeframe }: { timeframe: Timeframe }) {
  const figures = useQuery(projectsAnalyticsQuery(timeframe));
  if (figures.isPending) return <LoadingMessage>Counting projects...</LoadingMessage>;
  if (figures.isError) return <ErrorMessage error={figures.error} onRetry={() => void figures.refetch()} />;
  const { data } = figures;
  const work = timeFigures(data.granularity, data.buckets, workSeries);
  const inquiries = timeFigures(data.granularity, data.buckets, inquirySeries);
  const byStatus = breakdownFigures(data.byStatus, "Status", (status) => projectStatusLabels[status as ProjectStatus] ?? status);
  const byCategory = breakdownFigures(
    data.byCategory,
    "Category",
    (category) => projectCategoryLabels[category as ProjectCategory] ?? category,
  );
  const period = `in the last ${timeframeLabels[timeframe]}`;
  return (
    <div className="flex flex-col gap-8">
      <StatGrid label="Projects">
        <StatCard label="Started" value={data.started} hint={`${data.completed} completed ${period}`} />
        <StatCard
          label="New projects"
          value={data.created}
          hint={data.averageProgress === null ? "No progress yet" : `${data.averageProgress}% average progress`}
        />
        <StatCard
          label="Spent of budget"
          value={formatNaira(data.spentNaira * 100)}
          hint={`of ${formatNaira(data.budgetNaira * 100)} budgeted`}
        />
        <StatCard
          label="Inquiries"
          value={data.inquiries}
          hint={`${data.converted} became projects${data.inquiries ? ` (${formatPercent(data.converted / data.inquiries)})` : ""}`}
        />
      </StatGrid>
      <ChartPanel
        id="projects-over-time"
        title="Projects started and completed"
        empty={`No project started or completed ${period}.`}
        isEmpty={work.isEmpty}
        table={work.table}
        chart={<TimeChart data={work.data} series={workSeries} />}
      />
      <ChartPanel
        id="inquiries-over-time"
        title="Inquiries and how many became projects"
        empty={`No inquiries ${period}.`}
        isEmpty={inquiries.isEmpty}
        table={inquiries.table}
        chart={<TimeChart data={inquiries.data} series={inquirySeries} />}
      />
      <ChartPanel
        id="new-projects-by-status"
        title="New projects by status"
        empty={`No new projects ${period}.`}
        isEmpty={byStatus.isEmpty}
        table={byStatus.table}
        chart={<BreakdownChart data={byStatus.data} />}
      />
      <ChartPanel
        id="new-projects-by-category"
        title="New projects by category"
        empty={`No new projects ${period}.`}
        isEmpty={byCategory.isEmpty}
        table={byCategory.table}
        chart={<BreakdownChart data={byCategory.data} />}
      />
    </div>
  );
}

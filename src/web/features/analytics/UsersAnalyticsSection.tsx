import { useQuery } from "@tanstack/react-query";
import { type Timeframe, timeframeLabels } from "../../../shared/analytics";
import { roleLabels } from "../../../shared/departments";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { usersAnalyticsQuery } from "./api";
import { ChartPanel } from "./ChartPanel";
import { BreakdownChart, TimeChart } from "./charts";
import { breakdownFigures, timeFigures } from "./tables";

const series = [
  { key: "signUps", name: "Sign-ups" },
  { key: "activeUsers", name: "Active users" },
];

/** GET /api/admin/analytics/users: sign-ups and the people who signed in, over time and by role and department. */
export function UsersAnalyticsSection({ timeframe }: { timeframe: Timeframe }) {
  const figures = useQuery(usersAnalyticsQuery(timeframe));
  if (figures.isPending) return <LoadingMessage>Counting accounts...</LoadingMessage>;
  if (figures.isError) return <ErrorMessage error={figures.error} onRetry={() => void figures.refetch()} />;
  const { data } = figures;
  const over = timeFigures(data.granularity, data.buckets, series);
  const byRole = breakdownFigures(data.signUpsByRole, "Role", (role) => roleLabels[role as keyof typeof roleLabels] ?? role);
  const byDepartment = breakdownFigures(data.signUpsByDepartment, "Department");
  const period = `in the last ${timeframeLabels[timeframe]}`;
  return (
    <div className="flex flex-col gap-8">
      <StatGrid label="Accounts">
        <StatCard label="Sign-ups" value={data.signUps} hint={period} />
        <StatCard label="Active users" value={data.activeUsers} hint={`signed in during the last ${timeframeLabels[timeframe]}`} />
      </StatGrid>
      <ChartPanel
        id="users-over-time"
        title="Sign-ups and active users"
        empty={`No sign-ups or sign-ins ${period}.`}
        isEmpty={over.isEmpty}
        table={over.table}
        chart={<TimeChart data={over.data} series={series} />}
      />
      <ChartPanel
        id="sign-ups-by-role"
        title="Sign-ups by role"
        empty={`No sign-ups ${period}.`}
        isEmpty={byRole.isEmpty}
        table={byRole.table}
        chart={<BreakdownChart data={byRole.data} />}
      />
      <ChartPanel
        id="sign-ups-by-department"
        title="Sign-ups by department"
        empty={`No sign-ups ${period}.`}
        isEmpty={byDepartment.isEmpty}
        table={byDepartment.table}
        chart={<BreakdownChart data={byDepartment.data} />}
      />
    </div>
  );
}

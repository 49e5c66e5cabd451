import { useQuery } from "@tanstack/react-query";
import { StatCard, StatGrid } from "../../components/ui/StatCard";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { adminDashboardQuery } from "./api";

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

/** GET /api/admin/dashboard: accounts, sessions, projects, inquiries and sign-in trouble. */
export function DashboardFigures() {
  const dashboard = useQuery(adminDashboardQuery());
  if (dashboard.isPending) return <LoadingMessage>Counting...</LoadingMessage>;
  if (dashboard.isError) return <ErrorMessage error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const { accounts, activeSessions, projectsByStatus, openInquiries, last24Hours } = dashboard.data;
  return (
    <StatGrid label="The company at a glance">
      <StatCard
        label="Accounts"
        value={sum(accounts.byRole)}
        hint={`${accounts.byRole.admin ?? 0} admins, ${accounts.byRole.staff ?? 0} staff, ${accounts.byRole.user ?? 0} clients`}
      />
      <StatCard
        label="Awaiting approval"
        value={accounts.byStatus.pending}
        hint={`${accounts.byStatus.blocked} blocked · ${accounts.signUpsLast7Days} sign-ups in 7 days`}
      />
      <StatCard label="Signed in now" value={activeSessions} hint={`${sum(projectsByStatus)} projects · ${openInquiries} open inquiries`} />
      <StatCard label="Failed sign-ins, 24 h" value={last24Hours.signInFailures} hint={`${last24Hours.lockouts} lockouts`} />
    </StatGrid>
  );
}

import { useQuery } from "@tanstack/react-query";
import { countOf } from "../../../shared/plural";
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
        hint={`${countOf(accounts.byRole.admin ?? 0, "admin")}, ${countOf(accounts.byRole.staff ?? 0, "staff", "staff")}, ${countOf(accounts.byRole.user ?? 0, "client")}`}
      />
      <StatCard
        label="Awaiting approval"
        value={accounts.byStatus.pending}
        hint={`${accounts.byStatus.blocked} blocked · ${countOf(accounts.signUpsLast7Days, "sign-up")} in 7 days`}
      />
      <StatCard
        label="Signed in now"
        value={activeSessions}
        hint={`${countOf(sum(projectsByStatus), "project")} · ${countOf(openInquiries, "open inquiry", "open inquiries")}`}
      />
      <StatCard label="Failed sign-ins, 24 h" value={last24Hours.signInFailures} hint={countOf(last24Hours.lockouts, "lockout")} />
    </StatGrid>
  );
}

import { Link } from "react-router";
import type { OfficeOverview } from "../../../shared/office";
import { countOf } from "../../../shared/plural";
import { linkClass } from "../../components/form/form-fields";
import { StatCard, StatGrid } from "../../components/ui/StatCard";

const count = new Intl.NumberFormat("en-NG");

/** The whole office in figures, each counted by the server. Admins get a way to the approvals. */
export function OfficeFigures({ overview, canApprove }: { overview: OfficeOverview; canApprove: boolean }) {
  const { usersByRole } = overview;
  const accounts = usersByRole.admin + usersByRole.staff + usersByRole.user;
  return (
    <StatGrid label="Office overview">
      <StatCard
        label="Accounts"
        value={count.format(accounts)}
        hint={`${countOf(usersByRole.admin, "administrator")} · ${countOf(usersByRole.staff, "staff", "staff")} · ${countOf(usersByRole.user, "client")}`}
      />
      <StatCard label="Blocked accounts" value={count.format(overview.blocked)} />
      <StatCard
        label="Staff awaiting approval"
        value={count.format(overview.pendingApprovals)}
        hint={
          canApprove ? (
            <Link to="/admin#approvals" className={linkClass}>
              Review in Administration
            </Link>
          ) : (
            "An administrator approves them."
          )
        }
      />
      <StatCard label="Open inquiries" value={count.format(overview.openInquiries)} hint="New or assigned, not yet handled" />
      <StatCard label="Active projects" value={count.format(overview.activeProjects)} hint="Planning, in progress or on hold" />
      <StatCard label="Project requests waiting" value={count.format(overview.requestsWaiting)} hint="From clients, not yet taken on" />
      <StatCard label="Messages in the last 7 days" value={count.format(overview.messagesLast7Days)} />
      <StatCard label="Failed sign-ins in the last 24 hours" value={count.format(overview.signInFailuresLast24h)} />
    </StatGrid>
  );
}

import { useQuery } from "@tanstack/react-query";
import { ButtonLink } from "../../components/ui/Button";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SectionCard } from "../../components/ui/SectionCard";
import { AnnouncementForm } from "../../features/admin/AnnouncementForm";
import { AuditLog } from "../../features/admin/AuditLog";
import { adminDashboardQuery } from "../../features/admin/api";
import { DashboardFigures } from "../../features/admin/DashboardFigures";
import { HealthPanel } from "../../features/admin/HealthPanel";
import { OutboxList } from "../../features/admin/OutboxList";
import { PendingApprovals } from "../../features/admin/PendingApprovals";
import { SettingsForm } from "../../features/admin/SettingsForm";
import { UsersList } from "../../features/admin/UsersList";
import { DepartmentChannelMenu } from "../../features/messages/StartConversation";
import { AdminsWithoutTwoStep } from "../../features/security";
import { useAuth } from "../../lib/session/AuthProvider";

/** docs/product.md#portal-screens /admin: system administration, users, team communication; each action's result is a toast. */
export default function AdminPage() {
  const { user } = useAuth();
  // The figures' own query: flagged until every admin has two-step sign-in on (the viewer first).
  const dashboard = useQuery(adminDashboardQuery());
  return (
    <PortalPage>
      <PageHeader
        title="Administration"
        description="The company's accounts, settings, team communication and the installation's health."
        // Admins land here: the office overview leads on to every department's dashboard.
        actions={
          <ButtonLink variant="secondary" to="/dashboard/admin">
            Office overview and departments
          </ButtonLink>
        }
      />
      <AdminsWithoutTwoStep admins={dashboard.data?.adminsWithoutTwoStep ?? []} selfId={user?.id ?? ""} />
      <DashboardFigures />
      <SectionCard id="approvals" title="Accounts awaiting approval" description="Staff sign in once an administrator approves them.">
        <PendingApprovals />
      </SectionCard>
      <SectionCard
        id="accounts"
        title="All accounts"
        description="Sort by a column, filter, approve waiting staff together or download the accounts as CSV; each row's actions are in its menu. Nobody can block, demote or delete themself or the last administrator who can sign in."
      >
        <UsersList selfId={user?.id ?? ""} />
      </SectionCard>
      <SectionCard
        id="team"
        title="Team communication"
        description="An announcement reaches every staff member, or one department, in their notifications and on their announcements page."
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <AnnouncementForm />
          <div className="flex flex-col gap-3">
            <h3 className="font-semibold">Department channels</h3>
            <DepartmentChannelMenu />
            <ButtonLink variant="secondary" to="/dashboard/announcements">
              All announcements
            </ButtonLink>
          </div>
        </div>
      </SectionCard>
      <SectionCard id="settings" title="Settings" description="They take effect at once, on every page.">
        <SettingsForm />
      </SectionCard>
      <SectionCard id="health" title="Health" description="Checked again every 30 seconds.">
        <HealthPanel />
      </SectionCard>
      <SectionCard id="audit" title="Audit log" description="Every administrator's action. Nobody can change or delete it.">
        <AuditLog />
      </SectionCard>
      <SectionCard id="outbox" title="Outbox" description="The newest 20 emails the site sent or kept.">
        <OutboxList />
      </SectionCard>
    </PortalPage>
  );
}

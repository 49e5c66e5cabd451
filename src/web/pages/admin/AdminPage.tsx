import { ButtonLink } from "../../components/ui/Button";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SectionCard } from "../../components/ui/SectionCard";
import { PendingApprovals } from "../../features/admin/PendingApprovals";
import { UsersList } from "../../features/admin/UsersList";

/** SPEC §2 /admin: system administration; its first part is the people who may use the portal. */
export default function AdminPage() {
  return (
    <PortalPage>
      <PageHeader
        title="Administration"
        description="Who may use the portal."
        // Admins land here: the office overview leads on to every department's dashboard.
        actions={
          <ButtonLink variant="secondary" to="/dashboard/admin">
            Office overview and departments
          </ButtonLink>
        }
      />
      <SectionCard id="approvals" title="Accounts awaiting approval" description="Staff sign in once an administrator approves them.">
        <PendingApprovals />
      </SectionCard>
      <SectionCard id="accounts" title="All accounts">
        <UsersList />
      </SectionCard>
    </PortalPage>
  );
}

import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { AccountsOverview } from "../../features/projects/accounts/AccountsOverview";

/** /dashboard/accounts (AccountsDashboard): budgets against spending across projects, for Accounts, Accounting and admins. */
export default function AccountsDashboardPage() {
  return (
    <PortalPage>
      <PageHeader title="Accounts" description="Budgets against spending across the company's projects." />
      <AccountsOverview />
    </PortalPage>
  );
}

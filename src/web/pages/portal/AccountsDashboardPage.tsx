import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { AccountsOverview } from "../../features/contracts/accounts/AccountsOverview";

/**
 * /dashboard/accounts (AccountsDashboard), for Accounts, Accounting and admins: their working screen, the money of
 * every project computed from its contract, valuations, invoices and payments.
 */
export default function AccountsDashboardPage() {
  return (
    <PortalPage>
      <PageHeader
        title="Accounts"
        description="Transfers to confirm, valuations to certify, what is owed and how late, and each contract against the work certified."
      />
      <AccountsOverview />
    </PortalPage>
  );
}

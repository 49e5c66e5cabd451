import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { AnalyticsScreen } from "../../features/analytics";

/** /analytics: the figures that matter, for admins (Recharts is loaded with this screen only). */
export default function AnalyticsPage() {
  return (
    <PortalPage>
      <PageHeader title="Analytics" description="Accounts, projects and the public website over the timeframe you choose." />
      <AnalyticsScreen />
    </PortalPage>
  );
}

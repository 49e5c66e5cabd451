import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SiteScreen } from "../../features/site-app";

/** /site: the site app's screen, readable with no network (docs/product.md#the-site-app). */
export default function SitePage() {
  return (
    <PortalPage>
      <PageHeader title="Site" description="Your active projects: what to do on site, open snags and today's diary." />
      <SiteScreen />
    </PortalPage>
  );
}

import { PageHeader, PortalPage } from "../../../components/ui/PageHeader";
import { SectionCard } from "../../../components/ui/SectionCard";
import { PostsManager } from "../../../features/blog-admin/PostsManager";
import { LeadsList } from "../../../features/inquiries/LeadsList";
import { PortfolioManager } from "../../../features/portfolio/PortfolioManager";

/** Digital Marketing: the blog, the public portfolio, and the leads from the contact form. */
export default function DigitalMarketingDashboardPage() {
  return (
    <PortalPage>
      <PageHeader title="Digital marketing" description="The blog, the projects shown on the website, and the leads it brings." />
      <SectionCard id="blog" title="Blog posts" description="Written in Markdown; published posts appear on the blog and in the sitemap.">
        <PostsManager />
      </SectionCard>
      <SectionCard id="portfolio" title="Portfolio" description="The projects the website's Projects page shows.">
        <PortfolioManager />
      </SectionCard>
      <SectionCard
        id="leads"
        title="Contact leads"
        description="Messages from the contact form, newest first. The front office answers them."
      >
        <LeadsList />
      </SectionCard>
    </PortalPage>
  );
}

import { PageHeader, PortalPage } from "../../../components/ui/PageHeader";
import { SectionCard } from "../../../components/ui/SectionCard";
import { InquiryInbox } from "../../../features/inquiries/InquiryInbox";
import { MilestonesDue } from "../../../features/projects";

/** The front office (Secretariat, Executive Assistant): the contact inquiries inbox and the milestones coming up. */
export function InquiryDeskDashboard({ title }: { title: string }) {
  return (
    <PortalPage>
      <PageHeader title={title} description="Contact inquiries to answer, and project milestones coming up." />
      <SectionCard id="inquiries" title="Contact inquiries" description="Sent with the website's contact form.">
        <InquiryInbox />
      </SectionCard>
      <SectionCard id="milestones" title="Upcoming milestones">
        <MilestonesDue />
      </SectionCard>
    </PortalPage>
  );
}

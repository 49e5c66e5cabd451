import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SectionCard } from "../../components/ui/SectionCard";
import { AnnouncementsList } from "../../features/admin/AnnouncementsList";

/** The administration's announcements to the staff (each also arrives in the bell). */
export default function AnnouncementsPage() {
  return (
    <PortalPage>
      <PageHeader title="Announcements" description="What the administration has told the staff, and your department." />
      <SectionCard id="announcements" title="Latest first">
        <AnnouncementsList />
      </SectionCard>
    </PortalPage>
  );
}

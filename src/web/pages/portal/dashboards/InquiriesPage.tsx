import { Navigate, useParams } from "react-router";
import { PageHeader, PortalPage } from "../../../components/ui/PageHeader";
import { SectionCard } from "../../../components/ui/SectionCard";
import { InquiryInbox } from "../../../features/inquiries/InquiryInbox";

/**
 * The contact inquiries inbox on its own, for anyone who reads inquiries. /dashboard/inquiries/:id (the
 * link of an "inquiry assigned" notification) opens it on that inquiry.
 */
export default function InquiriesPage() {
  const { id } = useParams();
  if (id) return <Navigate to={`/dashboard/inquiries?status=all&inquiry=${encodeURIComponent(id)}`} replace />;
  return (
    <PortalPage>
      <PageHeader title="Contact inquiries" description="Sent with the website's contact form." />
      <SectionCard id="inquiries" title="Inbox">
        <InquiryInbox />
      </SectionCard>
    </PortalPage>
  );
}

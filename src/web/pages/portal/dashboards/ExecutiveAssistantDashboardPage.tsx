import { InquiryDeskDashboard } from "./InquiryDeskDashboard";

export default function ExecutiveAssistantDashboardPage() {
  return <InquiryDeskDashboard title="Executive Assistant" />;
}

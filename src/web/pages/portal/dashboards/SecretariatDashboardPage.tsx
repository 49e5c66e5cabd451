import { InquiryDeskDashboard } from "./InquiryDeskDashboard";

export default function SecretariatDashboardPage() {
  return <InquiryDeskDashboard title="Secretariat" />;
}

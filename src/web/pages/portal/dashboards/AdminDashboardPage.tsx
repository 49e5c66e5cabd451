import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { departments } from "../../../../shared/departments";
import { linkClass } from "../../../components/form/form-fields";
import { PageHeader, PortalPage } from "../../../components/ui/PageHeader";
import { SectionCard } from "../../../components/ui/SectionCard";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { officeOverviewQuery } from "../../../features/office/api";
import { OfficeFigures } from "../../../features/office/OfficeFigures";
import { SecurityEventsList } from "../../../features/office/SecurityEventsList";
import { useAuth } from "../../../lib/session/AuthProvider";

/** Every department's dashboard once (Accounts and Accounting share one); admins may open them all. */
const departmentDashboards = departments.filter(
  (department, index) =>
    department.dashboard !== "/dashboard" && departments.findIndex((other) => other.dashboard === department.dashboard) === index,
);

/** The Admin department: the whole office in figures and the latest security events; admins also reach every dashboard. */
export default function AdminDashboardPage() {
  const { isAdmin } = useAuth();
  const overview = useQuery(officeOverviewQuery);

  return (
    <PortalPage>
      <PageHeader title="Office overview" description="Accounts, approvals, inquiries, projects and security across the company." />
      {overview.isPending ? <LoadingMessage>Loading the office overview...</LoadingMessage> : null}
      {overview.isError ? <ErrorMessage error={overview.error} onRetry={() => void overview.refetch()} /> : null}
      {overview.data ? (
        <>
          <section aria-labelledby="figures-heading" className="flex flex-col gap-4">
            <h2 id="figures-heading" className="text-xl font-bold">
              The office today
            </h2>
            <OfficeFigures overview={overview.data} canApprove={isAdmin} />
          </section>
          {overview.data.recentSecurityEvents ? (
            <SectionCard id="security-events" title="Recent security events" description="The 10 newest entries of the access log.">
              <SecurityEventsList events={overview.data.recentSecurityEvents} />
            </SectionCard>
          ) : null}
        </>
      ) : null}
      {isAdmin ? (
        <SectionCard id="department-dashboards" title="Department dashboards">
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {departmentDashboards.map((department) => (
              <li key={department.dashboard}>
                <Link to={department.dashboard} className={linkClass}>
                  {department.name === "Accounts" ? "Accounts and Accounting" : department.name}
                </Link>
              </li>
            ))}
          </ul>
        </SectionCard>
      ) : null}
    </PortalPage>
  );
}

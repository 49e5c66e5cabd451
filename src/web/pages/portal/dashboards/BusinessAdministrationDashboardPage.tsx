import { useQuery } from "@tanstack/react-query";
import type { InquiryStats } from "../../../../shared/inquiries";
import { countOf } from "../../../../shared/plural";
import type { ProjectStats } from "../../../../shared/projects";
import { PageHeader, PortalPage } from "../../../components/ui/PageHeader";
import { SectionCard } from "../../../components/ui/SectionCard";
import { StatCard, StatGrid } from "../../../components/ui/StatCard";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { inquiryStatsQuery } from "../../../features/inquiries/api";
import { ActiveProjectsList } from "../../../features/office/ActiveProjectsList";
import { formatNaira, formatPercent } from "../../../lib/format";
import { projectStatsQuery } from "../../../lib/queries/projects";

function KeyFigures({ projects, inquiries }: { projects: ProjectStats; inquiries: InquiryStats }) {
  return (
    <StatGrid label="Key figures">
      <StatCard label="Active projects" value={projects.active} hint={`${countOf(projects.total, "project")} in all`} />
      <StatCard
        label="Completion rate"
        value={projects.completionRate === null ? "–" : formatPercent(projects.completionRate)}
        hint={projects.completionRate === null ? "No project has ended yet" : "Completed, of the projects that have ended"}
      />
      <StatCard
        label="Pipeline value"
        value={formatNaira(projects.pipelineValueKobo)}
        hint="Budgets of requested, planned and running projects"
      />
      <StatCard
        label="Inquiries converted"
        value={inquiries.converted}
        hint={`${formatPercent(inquiries.conversionRate)} of ${countOf(inquiries.total, "inquiry", "inquiries")} became projects`}
      />
    </StatGrid>
  );
}

/** Business Administration: how the business is doing, from the projects and the inquiries they come from. */
export default function BusinessAdministrationDashboardPage() {
  const projects = useQuery(projectStatsQuery);
  const inquiries = useQuery(inquiryStatsQuery);

  return (
    <PortalPage>
      <PageHeader title="Business administration" description="Active work, delivery, the pipeline, and the leads that became projects." />
      <section aria-labelledby="business-figures-heading" className="flex flex-col gap-4">
        <h2 id="business-figures-heading" className="text-xl font-bold">
          Key figures
        </h2>
        {projects.isError ? (
          <ErrorMessage error={projects.error} onRetry={() => void projects.refetch()} />
        ) : inquiries.isError ? (
          <ErrorMessage error={inquiries.error} onRetry={() => void inquiries.refetch()} />
        ) : projects.data && inquiries.data ? (
          <KeyFigures projects={projects.data} inquiries={inquiries.data} />
        ) : (
          <LoadingMessage>Loading the figures...</LoadingMessage>
        )}
      </section>
      <SectionCard id="active-projects" title="Active projects" description="Planning, in progress or on hold, the nearest target first.">
        <ActiveProjectsList />
      </SectionCard>
    </PortalPage>
  );
}

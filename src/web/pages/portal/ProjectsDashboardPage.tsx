import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SectionCard } from "../../components/ui/SectionCard";
import { ClientRequests } from "../../features/projects/office/ClientRequests";
import { NewProjectDialog } from "../../features/projects/office/NewProjectDialog";
import { OverdueMilestones } from "../../features/projects/office/OverdueMilestones";
import { PipelineByStatus } from "../../features/projects/office/PipelineByStatus";
import { ProjectsTable } from "../../features/projects/office/ProjectsTable";

/**
 * /dashboard/projects, the project office's dashboard (ProjectDashboard): the pipeline, every
 * project, clients' requests to take on, overdue milestones, and new projects. Site updates are
 * posted from each project's page.
 */
export default function ProjectsDashboardPage() {
  return (
    <PortalPage>
      <PageHeader
        title="Projects"
        description="The pipeline, client requests and every project's progress."
        actions={<NewProjectDialog />}
      />
      <section aria-labelledby="pipeline-heading" className="flex flex-col gap-4">
        <h2 id="pipeline-heading" className="text-xl font-bold">
          Pipeline
        </h2>
        <PipelineByStatus />
      </section>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <SectionCard id="requests" title="Client requests" description="Waiting for the project office, oldest first.">
          <ClientRequests />
        </SectionCard>
        <SectionCard id="overdue" title="Overdue milestones">
          <OverdueMilestones />
        </SectionCard>
      </div>
      <SectionCard id="all-projects" title="All projects">
        <ProjectsTable />
      </SectionCard>
    </PortalPage>
  );
}

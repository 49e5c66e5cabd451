import type { QueryClient } from "@tanstack/react-query";
import { canRequestProject } from "../../../shared/access";
import { AfterFirstPaint } from "../../components/ui/AfterFirstPaint";
import { PageHeader, PortalPage } from "../../components/ui/PageHeader";
import { SectionCard } from "../../components/ui/SectionCard";
import { PayingFor, payingForFirstData, prefetchPayingFor } from "../../features/contracts";
import { ClientProjects } from "../../features/projects/home/ClientProjects";
import { DashboardFigures } from "../../features/projects/home/DashboardFigures";
import { dashboardFirstData, prefetchDashboard } from "../../features/projects/home/dashboard-data";
import { LatestDocuments } from "../../features/projects/home/LatestDocuments";
import { LatestUpdates } from "../../features/projects/home/LatestUpdates";
import { MilestonesDue } from "../../features/projects/home/MilestonesDue";
import { ProjectContacts } from "../../features/projects/home/ProjectContacts";
import { RequestProjectDialog } from "../../features/projects/home/RequestProjectDialog";
import { useAuth } from "../../lib/session/AuthProvider";

/**
 * What the dashboard shows first, its projects and the projects its viewer pays for: asked for by its HTML once the
 * session is renewed (app/routes.ts `firstData`), else as soon as the session is restored (`prefetch`).
 */
export const firstData = [...dashboardFirstData, payingForFirstData];
export const prefetch = (queryClient: QueryClient) => Promise.all([prefetchDashboard(queryClient), prefetchPayingFor(queryClient)]);

/**
 * docs/product.md#portal-screens /dashboard, the clients' (and General Users') home: their projects and how far along
 * they are, what happened on site, milestones due, documents, who to call, and messages waiting.
 */
export default function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PortalPage>
      <PageHeader
        title={`Welcome, ${user.firstName}`}
        description={
          <>
            Signed in as <span className="break-all">{user.email}</span>
          </>
        }
        actions={canRequestProject(user) ? <RequestProjectDialog /> : null}
      />
      <DashboardFigures />
      <SectionCard id="projects" title="Your projects">
        <ClientProjects />
      </SectionCard>
      <PayingFor />
      <AfterFirstPaint>
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <SectionCard id="updates" title="Latest site updates">
            <LatestUpdates />
          </SectionCard>
          <SectionCard id="milestones" title="Milestones due">
            <MilestonesDue hideEmptyLists />
          </SectionCard>
          <SectionCard id="documents" title="Documents">
            <LatestDocuments />
          </SectionCard>
          <SectionCard id="contacts" title="Your project team">
            <ProjectContacts />
          </SectionCard>
        </div>
      </AfterFirstPaint>
    </PortalPage>
  );
}

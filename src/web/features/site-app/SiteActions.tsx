import { ButtonLink } from "../../components/ui/Button";

const projectPagePath = (projectId: number) => `/dashboard/projects/${projectId}`;

/**
 * What is done on site for a project: write the diary, raise a snag, add photos. For now each opens the project
 * page's form (or the capture screen), which send at once; the offline outbox takes this place to queue them.
 */
export function SiteActions({ projectId, projectTitle }: { projectId: number; projectTitle: string }) {
  return (
    <nav aria-label={`Site actions for ${projectTitle}`} className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
      <ButtonLink to={`${projectPagePath(projectId)}?section=updates`} className="px-3">
        New diary entry
      </ButtonLink>
      <ButtonLink to={`${projectPagePath(projectId)}?section=snags`} variant="secondary" className="px-3">
        New snag
      </ButtonLink>
      <ButtonLink to={`${projectPagePath(projectId)}/capture`} variant="secondary" className="px-3">
        Add photos
      </ButtonLink>
    </nav>
  );
}

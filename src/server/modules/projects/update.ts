import { and, eq, or } from "drizzle-orm";
import type { z } from "zod";
import { canEditProject, canManageSiteContent, canReadProject, canRunProjects, type Viewer } from "../../../shared/access.js";
import {
  PORTFOLIO_STATUSES,
  projectDescriptionFields,
  projectDetailFields,
  projectRunFields,
  projectSiteFields,
  projectStatusLabels,
  type projectUpdateSchema,
} from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties, projectPeople } from "../../db/project-parties.js";
import { mayBeShownPublicly, offerableForPortfolio } from "../../db/public-projects.js";
import { projectPhotos, projects, projectTeam } from "../../db/schema.js";
import { accessDenied } from "../../platform/errors.js";
import { assertDateOrder } from "./create.js";
import { todayInLagos } from "./dates.js";
import type { ProjectEvents, ProjectNotice } from "./events.js";
import { invalidField, projectNotFound } from "./guard.js";
import { assertProjectPeople } from "./people.js";
import { recomputeProgress } from "./progress.js";

const NOT_AGREED = "The client has not agreed to this project being shown on the website.";

/** The columns a PUT may set as they come (the rest are worked out below). */
const plainColumns = [
  ...projectDescriptionFields,
  "progress",
  "completedOn",
  "budgetKobo",
  "spentKobo",
  "clientId",
  "managerId",
  "isPortfolio",
  "highlights",
  "liveCheckHours",
] as const;

/**
 * PUT /api/projects/:id, on a project the caller may read (404 otherwise), or for Digital Marketing the portfolio
 * fields of a project offered to the portfolio (portfolioCandidates in service.ts). Each group of fields has its own
 * rule: details canEditProject, people canRunProjects, the portfolio fields canManageSiteContent. A request is
 * refused whole if one of its fields is not allowed. A new client's agreement to the public site is theirs to give:
 * the previous client's goes, and so does the project's place on the site.
 * Answers whether the caller may read the project afterwards.
 */
export async function updateProject(
  db: AppDb,
  events: ProjectEvents,
  viewer: Viewer,
  projectId: number,
  input: z.output<typeof projectUpdateSchema>,
): Promise<boolean> {
  const [current] = await db.select().from(projects).where(eq(projects.id, projectId));
  const parties = await loadProjectParties(db, projectId);
  if (!current || !parties) throw projectNotFound();

  const sends = (fields: readonly string[]) => fields.some((field) => input[field as keyof typeof input] !== undefined);
  const [details, people, site] = [sends(projectDetailFields), sends(projectRunFields), sends(projectSiteFields)];
  // A project the caller may not read is one they may not change, but for the portfolio managers' own fields on the
  // projects offered to them (or already shown, to take them off).
  if (!canReadProject(viewer, parties)) {
    const portfolioOnly = site && !details && !people && canManageSiteContent(viewer);
    if (!portfolioOnly || !(await offeredForPortfolio(db, projectId))) throw projectNotFound();
  }
  if ((details && !canEditProject(viewer, parties)) || (people && !canRunProjects(viewer)) || (site && !canManageSiteContent(viewer))) {
    throw accessDenied();
  }

  const status = input.status ?? current.status;
  // Turning a client's request into a real project is the project office's decision.
  if (current.status === "requested" && status !== "requested" && !canRunProjects(viewer)) throw accessDenied();
  const progressMode = input.progressMode ?? current.progressMode;
  if (input.progress !== undefined && progressMode === "milestones") {
    throw invalidField("progress", "The progress of this project follows its milestones.");
  }
  assertDateOrder(
    input.startDate !== undefined ? input.startDate : current.startDate,
    input.targetCompletion !== undefined ? input.targetCompletion : current.targetCompletion,
  );
  const publicSummary = input.publicSummary !== undefined ? input.publicSummary || null : current.publicSummary;
  if ((input.isPortfolio ?? current.isPortfolio) && !publicSummary) {
    throw invalidField("publicSummary", "Write a public summary before showing the project in the portfolio.");
  }
  const clientId = input.clientId !== undefined ? input.clientId : current.clientId;
  const clientChanged = clientId !== current.clientId;
  const consented = !clientChanged && current.portfolioConsentAt !== null;
  if (input.isPortfolio === true) {
    if (!(PORTFOLIO_STATUSES as readonly string[]).includes(status)) {
      throw invalidField("isPortfolio", "Only projects under way or completed can be shown on the website.");
    }
    if (clientId !== null && !consented) {
      throw invalidField("isPortfolio", NOT_AGREED);
    }
  }
  await assertProjectPeople(db, { clientId: input.clientId, managerId: input.managerId, teamIds: input.teamIds });

  const changes: Partial<typeof projects.$inferInsert> = { updatedAt: new Date() };
  for (const column of plainColumns) if (input[column] !== undefined) Object.assign(changes, { [column]: input[column] });
  if (input.publicSummary !== undefined) changes.publicSummary = publicSummary;
  if (clientChanged) {
    changes.portfolioConsentAt = null;
    changes.portfolioConsentById = null;
    if (clientId !== null) changes.isPortfolio = false;
  }
  if (input.site !== undefined) {
    changes.siteLatitude = input.site?.latitude ?? null;
    changes.siteLongitude = input.site?.longitude ?? null;
    changes.siteRadiusMetres = input.site?.radiusMetres ?? null;
  }
  if (input.coverPhotoId !== undefined) changes.coverImage = await coverImageOf(db, projectId, input.coverPhotoId);
  if (status === "completed" && current.status !== "completed") {
    changes.completedOn = input.completedOn ?? todayInLagos();
    if (progressMode === "manual" && input.progress === undefined) changes.progress = 100;
  } else if (status !== "completed" && current.status === "completed" && input.completedOn === undefined) {
    changes.completedOn = null;
  }

  const progress = await db.transaction(async (tx) => {
    // Shown only while the client's agreement still stands: one withdrawn since it was read above wins.
    const shownOnlyIfAgreed = changes.isPortfolio === true ? mayBeShownPublicly : undefined;
    const updated = await tx
      .update(projects)
      .set(changes)
      .where(and(eq(projects.id, projectId), shownOnlyIfAgreed))
      .returning({ id: projects.id });
    if (updated.length === 0) throw invalidField("isPortfolio", NOT_AGREED);
    if (input.teamIds) {
      await tx.delete(projectTeam).where(eq(projectTeam.projectId, projectId));
      const teamIds = [...new Set(input.teamIds)];
      if (teamIds.length > 0) await tx.insert(projectTeam).values(teamIds.map((userId) => ({ projectId, userId })));
    }
    if (progressMode === "milestones") return recomputeProgress(tx, projectId);
    return changes.progress ?? current.progress;
  });

  const after = await loadProjectParties(db, projectId);
  if (!after) throw projectNotFound();
  const title = input.title ?? current.title;
  const notices: ProjectNotice[] = [];
  if (status !== current.status) notices.push({ kind: "project_status", title: `${title} is now ${projectStatusLabels[status]}` });
  if (progress !== null && progress !== current.progress) {
    notices.push({ kind: "project_progress", title: `${title} is ${progress}% complete` });
  }
  const before = new Set(projectPeople(parties));
  const added = projectPeople(after).filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !projectPeople(after).includes(id));
  await events.changed(projectId, viewer.id, notices);
  await events.tell(added, viewer.id, projectId, { kind: "project_assigned", title: `You were added to the project ${title}` });
  if (removed.length > 0) await events.refresh(projectId, viewer.id, removed);
  return canReadProject(viewer, after);
}

/** The gallery-size URL of one of the project's photos, for the cover. */
async function coverImageOf(db: AppDb, projectId: number, photoId: number | null): Promise<string | null> {
  if (photoId === null) return null;
  const [photo] = await db
    .select({ url: projectPhotos.galleryUrl })
    .from(projectPhotos)
    .where(and(eq(projectPhotos.id, photoId), eq(projectPhotos.projectId, projectId)));
  if (!photo) throw invalidField("coverPhotoId", "Choose one of this project's photos.");
  return photo.url;
}

/** Whether Digital Marketing may work on the project's portfolio fields: offered to them, or on the site already. */
async function offeredForPortfolio(db: AppDb, projectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), or(offerableForPortfolio, eq(projects.isPortfolio, true))));
  return row !== undefined;
}

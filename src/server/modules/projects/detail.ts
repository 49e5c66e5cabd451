import { asc, count, eq } from "drizzle-orm";
import {
  canConsentToPortfolio,
  canDeleteProject,
  canEditProject,
  canManageSiteContent,
  canMessageProject,
  canPrepareContract,
  canReadProjectMoney,
  canRunProjects,
  canSeeFinances,
  type ProjectParties,
  type Viewer,
} from "../../../shared/access.js";
import type { Milestone, ProjectContact, ProjectDetail } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { milestones, projectDocuments, projectPhotos, projects, projectTeam, projectUpdates, users } from "../../db/schema.js";
import { siteOf } from "./evidence/site.js";
import { projectNotFound } from "./guard.js";
import { fullName } from "./people.js";

const contactColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  avatar: users.avatarUrl,
  department: users.department,
};

type ContactRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  avatar: string | null;
  department: string;
};

const toContact = (row: ContactRow): ProjectContact => ({ ...row, name: fullName(row) });

/** A milestone as the viewer sees it: its weight is the project team's (staff and admins), not the client's. */
export const toMilestone = (row: typeof milestones.$inferSelect, viewer: Viewer): Milestone => ({
  id: row.id,
  title: row.title,
  description: row.description,
  dueDate: row.dueDate,
  doneOn: row.doneOn,
  ...(viewer.role === "user" ? {} : { weight: row.weight }),
  position: row.position,
});

/** The schedule in its order: by due date as milestones are added or re-dated, unless the office moved one. */
export async function projectMilestones(db: AppDb, projectId: number, viewer: Viewer): Promise<Milestone[]> {
  const rows = await db
    .select()
    .from(milestones)
    .where(eq(milestones.projectId, projectId))
    .orderBy(asc(milestones.position), asc(milestones.id));
  return rows.map((row) => toMilestone(row, viewer));
}

async function contact(db: AppDb, userId: string | null): Promise<ProjectContact | null> {
  if (!userId) return null;
  const [row] = await db.select(contactColumns).from(users).where(eq(users.id, userId));
  return row ? toContact(row) : null;
}

const countOf = async (db: AppDb, table: typeof projectPhotos | typeof projectDocuments | typeof projectUpdates, projectId: number) =>
  (await db.select({ value: count() }).from(table).where(eq(table.projectId, projectId)))[0]?.value ?? 0;

/** The whole project page for a viewer who may read it (the caller checked), with what the viewer may do. */
export async function projectDetail(db: AppDb, viewer: Viewer, projectId: number, parties: ProjectParties): Promise<ProjectDetail> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!row) throw projectNotFound();
  const [clientContact, managerContact, consentGiver, team, schedule, photos, documents, updates] = await Promise.all([
    contact(db, row.clientId),
    contact(db, row.managerId),
    contact(db, row.portfolioConsentById),
    db
      .select(contactColumns)
      .from(projectTeam)
      .innerJoin(users, eq(users.id, projectTeam.userId))
      .where(eq(projectTeam.projectId, projectId))
      .orderBy(asc(users.firstName), asc(users.lastName)),
    projectMilestones(db, projectId, viewer),
    countOf(db, projectPhotos, projectId),
    countOf(db, projectDocuments, projectId),
    countOf(db, projectUpdates, projectId),
  ]);
  return {
    id: row.id,
    slug: row.slug,
    reference: row.reference,
    title: row.title,
    description: row.description,
    category: row.category,
    status: row.status,
    progress: row.progress,
    progressMode: row.progressMode,
    address: row.address,
    city: row.city,
    state: row.state,
    country: row.country,
    startDate: row.startDate,
    targetCompletion: row.targetCompletion,
    completedOn: row.completedOn,
    coverImage: row.coverImage,
    isPortfolio: row.isPortfolio,
    publicSummary: row.publicSummary,
    highlights: row.highlights,
    site: siteOf(row),
    liveCheckHours: row.liveCheckHours,
    portfolioConsent: row.portfolioConsentAt
      ? { givenAt: row.portfolioConsentAt.toISOString(), givenBy: consentGiver ? consentGiver.name : null }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    client: clientContact,
    manager: managerContact,
    team: team.map((member) => ({
      id: member.id,
      name: fullName(member),
      avatar: member.avatar,
      email: member.email,
      department: member.department,
    })),
    milestones: schedule,
    counts: { photos, documents, updates },
    finance: canSeeFinances(viewer, parties) ? { budgetKobo: row.budgetKobo, spentKobo: row.spentKobo } : null,
    permissions: {
      edit: canEditProject(viewer, parties),
      run: canRunProjects(viewer),
      delete: canDeleteProject(viewer),
      manageSite: canManageSiteContent(viewer),
      message: canMessageProject(viewer, parties),
      consent: canConsentToPortfolio(viewer, parties),
      readMoney: canReadProjectMoney(viewer, parties),
      prepareContract: canReadProjectMoney(viewer, parties) && canPrepareContract(viewer),
    },
  };
}

import { and, eq, isNotNull, or } from "drizzle-orm";
import { canRequestProject, canRunProjects, PROJECT_OFFICE, type Viewer } from "../../../shared/access.js";
import { type ProjectCreateOutput, projectCategoryLabels, projectStatusLabels } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { projects, projectTeam, users } from "../../db/schema.js";
import { accessDenied } from "../../platform/errors.js";
import { todayInLagos } from "./dates.js";
import type { ProjectEvents } from "./events.js";
import { invalidField } from "./guard.js";
import { nextReference, uniqueSlug } from "./identity.js";
import { assertProjectPeople, fullName } from "./people.js";

type NewProject = Omit<typeof projects.$inferInsert, "slug" | "reference"> & { reference?: string; teamIds: string[] };

/** A target completion before the start is a typing mistake. */
export function assertDateOrder(startDate: string | null | undefined, targetCompletion: string | null | undefined) {
  if (startDate && targetCompletion && targetCompletion < startDate) {
    throw invalidField("targetCompletion", "The target completion must be on or after the start date.");
  }
}

/** Inserts the project and its team; a reference or slug taken meanwhile by another writer is picked again. */
async function insertProject(db: AppDb, project: NewProject): Promise<number> {
  const { teamIds, reference: givenReference, ...values } = project;
  for (let attempt = 1; ; attempt++) {
    if (givenReference) {
      const [taken] = await db.select({ id: projects.id }).from(projects).where(eq(projects.reference, givenReference));
      if (taken) throw invalidField("reference", "Another project already has this reference.");
    }
    try {
      return await db.transaction(async (tx) => {
        const reference = givenReference ?? (await nextReference(tx, todayInLagos().slice(0, 4)));
        const slug = await uniqueSlug(tx, values.title);
        const [row] = await tx
          .insert(projects)
          .values({ ...values, reference, slug })
          .returning({ id: projects.id });
        if (!row) throw new Error("the project was not inserted");
        if (teamIds.length > 0) await tx.insert(projectTeam).values(teamIds.map((userId) => ({ projectId: row.id, userId })));
        return row.id;
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Staff of the project office and admins: who hears of a client's request. */
async function projectOffice(db: AppDb): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(eq(users.role, "admin"), and(eq(users.role, "staff"), eq(users.department, PROJECT_OFFICE))),
        eq(users.active, true),
        isNotNull(users.approvedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * POST /api/projects. The project office (canRunProjects) creates a project; a client
 * (canRequestProject) asks for one: only the request's fields, status `requested`, themselves as client,
 * and the office is told. Anyone else is refused.
 */
export async function createProject(db: AppDb, events: ProjectEvents, viewer: Viewer, input: ProjectCreateOutput): Promise<number> {
  if (canRunProjects(viewer)) {
    assertDateOrder(input.startDate, input.targetCompletion);
    const teamIds = [...new Set(input.teamIds)];
    await assertProjectPeople(db, { clientId: input.clientId, managerId: input.managerId, teamIds });
    const projectId = await insertProject(db, {
      ...input,
      teamIds,
      // No milestones yet: a project run by its milestones starts at 0.
      progress: input.progressMode === "milestones" ? 0 : input.progress,
      completedOn: input.status === "completed" ? todayInLagos() : null,
      createdById: viewer.id,
    });
    const assigned = [...new Set([...(input.managerId ? [input.managerId] : []), ...teamIds])];
    await events.tell(assigned, viewer.id, projectId, { kind: "project_assigned", title: `You were added to the project ${input.title}` });
    if (input.clientId) {
      await events.tell([input.clientId], viewer.id, projectId, {
        kind: "project_assigned",
        title: `Your project ${input.title} is now in the portal`,
        body: `Status: ${projectStatusLabels[input.status]}.`,
      });
    }
    return projectId;
  }
  if (canRequestProject(viewer)) {
    // A request is its own fields only: the office sets the rest (and confirms the country) when it plans the project.
    const { title, description, category, address, city, state, startDate } = input;
    const projectId = await insertProject(db, {
      title,
      description,
      category,
      address,
      city,
      state,
      startDate,
      country: "Nigeria",
      status: "requested",
      clientId: viewer.id,
      createdById: viewer.id,
      teamIds: [],
    });
    const [requester] = await db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, viewer.id));
    await events.tell(await projectOffice(db), viewer.id, projectId, {
      kind: "project_requested",
      title: `New project request: ${title}`,
      body: `${requester ? fullName(requester) : "A client"} asks for a ${projectCategoryLabels[category].toLowerCase()} project in ${city}.`,
    });
    return projectId;
  }
  throw accessDenied();
}

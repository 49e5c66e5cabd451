import { and, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { canSeeFinances, type Viewer } from "../../../shared/access.js";
import type { ProjectListItem, ProjectListPage, ProjectSortKey, ProjectStatus, projectListQuerySchema } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { projects, users } from "../../db/schema.js";
import { onTeamOf, partiesSeenBy, readableBy } from "./access-sql.js";
import { personRef } from "./people.js";

type ListQuery = z.output<typeof projectListQuerySchema>;

const client = alias(users, "client");
const manager = alias(users, "manager");

const sortColumns: Record<ProjectSortKey, SQL> = {
  updated: sql`${projects.updatedAt}`,
  created: sql`${projects.createdAt}`,
  title: sql`lower(${projects.title})`,
  reference: sql`${projects.reference}`,
  target: sql`${projects.targetCompletion}`,
  progress: sql`${projects.progress}`,
};

function filters(viewer: Viewer, query: ListQuery): SQL | undefined {
  const pattern = query.search ? containing(query.search) : null;
  return and(
    readableBy(viewer),
    pattern
      ? or(
          ilike(projects.title, pattern),
          ilike(projects.reference, pattern),
          ilike(projects.city, pattern),
          ilike(sql`${client.firstName} || ' ' || ${client.lastName}`, pattern),
        )
      : undefined,
    query.status && query.status.length > 0 ? inArray(projects.status, query.status) : undefined,
    query.category ? eq(projects.category, query.category) : undefined,
    query.client ? eq(projects.clientId, query.client) : undefined,
    query.manager ? eq(projects.managerId, query.manager) : undefined,
  );
}

/** The ids of one page, in order, and the total: only the columns that filter and sort are read. */
async function pageOfIds(db: AppDb, viewer: Viewer, query: ListQuery): Promise<{ ids: number[]; total: number }> {
  const where = filters(viewer, query);
  const descending = query.sort.startsWith("-");
  const sortColumn = sortColumns[query.sort.replace(/^-/, "") as ProjectSortKey];
  const direction = descending ? sql`desc` : sql`asc`;
  // The client's name is searched only when there is a search.
  const withClient = <Q extends PgSelect>(select: Q) => (query.search ? select.leftJoin(client, eq(client.id, projects.clientId)) : select);
  const [rows, [counted]] = await Promise.all([
    withClient(db.select({ id: projects.id }).from(projects).$dynamic())
      .where(where)
      // Written like the projects_updated_idx index (desc nulls last on both), so the default order reads it.
      .orderBy(sql`${sortColumn} ${direction} nulls last`, descending ? sql`${projects.id} desc nulls last` : sql`${projects.id} asc`)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    withClient(db.select({ total: count() }).from(projects).$dynamic()).where(where),
  ]);
  return { ids: rows.map((row) => row.id), total: counted?.total ?? 0 };
}

/**
 * GET /api/projects: a page of the projects the viewer may read, filtered, sorted and counted in SQL.
 * The page is chosen first, so names, the next milestone and the team check are worked out for its rows only.
 */
export async function listProjects(db: AppDb, viewer: Viewer, query: ListQuery): Promise<ProjectListPage> {
  const { ids, total } = await pageOfIds(db, viewer, query);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            id: projects.id,
            slug: projects.slug,
            reference: projects.reference,
            title: projects.title,
            category: projects.category,
            status: projects.status,
            progress: projects.progress,
            city: projects.city,
            state: projects.state,
            targetCompletion: projects.targetCompletion,
            coverImage: projects.coverImage,
            updatedAt: projects.updatedAt,
            budgetKobo: projects.budgetKobo,
            spentKobo: projects.spentKobo,
            clientId: projects.clientId,
            clientFirstName: client.firstName,
            clientLastName: client.lastName,
            clientAvatar: client.avatarUrl,
            managerId: projects.managerId,
            managerFirstName: manager.firstName,
            managerLastName: manager.lastName,
            managerAvatar: manager.avatarUrl,
            onTeam: sql<boolean>`${onTeamOf(viewer)}`,
            nextMilestone: sql<ProjectListItem["nextMilestone"]>`(
              select json_build_object('id', m.id, 'title', m.title, 'dueDate', m.due_date)
              from milestones m
              where m.project_id = ${projects.id} and m.done_on is null
              order by m.due_date asc nulls last, m.position asc
              limit 1)`,
          })
          .from(projects)
          .leftJoin(client, eq(client.id, projects.clientId))
          .leftJoin(manager, eq(manager.id, projects.managerId))
          .where(inArray(projects.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const item: ProjectListItem = {
      id: row.id,
      slug: row.slug,
      reference: row.reference,
      title: row.title,
      category: row.category,
      status: row.status as ProjectStatus,
      progress: row.progress,
      city: row.city,
      state: row.state,
      targetCompletion: row.targetCompletion,
      coverImage: row.coverImage,
      updatedAt: row.updatedAt.toISOString(),
      client: personRef(row.clientId, row.clientFirstName, row.clientLastName, row.clientAvatar),
      manager: personRef(row.managerId, row.managerFirstName, row.managerLastName, row.managerAvatar),
      finance: canSeeFinances(viewer, partiesSeenBy(viewer, row)) ? { budgetKobo: row.budgetKobo, spentKobo: row.spentKobo } : null,
      nextMilestone: row.nextMilestone,
    };
    return [item];
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

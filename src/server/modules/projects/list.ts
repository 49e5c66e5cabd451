import { and, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { canSeeFinances, type Viewer } from "../../../shared/access.js";
import type { ProjectListItem, ProjectListPage, ProjectSortKey, projectListQuerySchema } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { statementsByShape } from "../../db/prepared.js";
import { projects, users } from "../../db/schema.js";
import { createListCache } from "../../platform/list-cache.js";
import { createVersionedCache } from "../../platform/recent-entries.js";
import { onTeamOf, partiesSeenBy, readableBy, readsEveryProject } from "./access-sql.js";
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

/**
 * The values of a list request, as parameters of its prepared statement (the statement is the same for every
 * viewer and every page of one shape of request).
 */
const param = {
  viewerId: sql.placeholder("viewerId"),
  pattern: sql.placeholder("pattern"),
  statuses: sql.placeholder("statuses"),
  category: sql.placeholder("category"),
  client: sql.placeholder("client"),
  manager: sql.placeholder("manager"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
};

/** What makes two list requests the same statement: the access rule that applies, the sort and which filters are set. */
function shapeOf(viewer: Viewer, query: ListQuery): string {
  const access = readsEveryProject(viewer) ? "every" : viewer.role;
  const filtersSet = [query.search, query.status?.length, query.category, query.client, query.manager, query.team].map((value) =>
    value ? 1 : 0,
  );
  return `${access}:${query.sort}:${filtersSet.join("")}`;
}

function filters(viewer: Viewer, query: ListQuery): SQL | undefined {
  return and(
    readableBy(viewer, param.viewerId),
    query.search
      ? or(
          ilike(projects.title, param.pattern),
          ilike(projects.reference, param.pattern),
          ilike(projects.city, param.pattern),
          ilike(sql`${client.firstName} || ' ' || ${client.lastName}`, param.pattern),
        )
      : undefined,
    query.status && query.status.length > 0 ? sql`${projects.status} = any(${param.statuses})` : undefined,
    query.category ? eq(projects.category, param.category) : undefined,
    query.client ? eq(projects.clientId, param.client) : undefined,
    query.manager ? eq(projects.managerId, param.manager) : undefined,
    // team=mine: the ones they manage or are on the team of, even for those who read every project.
    query.team ? or(eq(projects.managerId, param.viewerId), onTeamOf(viewer, param.viewerId)) : undefined,
  );
}

/**
 * The statements of one shape of list request, prepared: a page with its rows and total in one query, its rows alone
 * (when the total of this version is known), and the count alone for a page past the last. The page's ids are chosen first (a subquery reading only the columns that filter
 * and sort), so names, the next milestone and the team check are worked out for its rows only; the total is a
 * scalar subquery the database counts once (a `count(*) over ()` window kept every filtered row and sorted them all
 * on each request).
 */
function prepareList(db: AppDb, viewer: Viewer, query: ListQuery, shape: string) {
  const where = filters(viewer, query);
  const descending = query.sort.startsWith("-");
  const sortColumn = sortColumns[query.sort.replace(/^-/, "") as ProjectSortKey];
  const direction = descending ? sql`desc` : sql`asc`;
  // Written like the projects_updated_idx index (desc nulls last on both), so the default order reads it.
  const order = [sql`${sortColumn} ${direction} nulls last`, descending ? sql`${projects.id} desc nulls last` : sql`${projects.id} asc`];
  // The client's name is searched only when there is a search.
  const withClient = <Q extends PgSelect>(select: Q) => (query.search ? select.leftJoin(client, eq(client.id, projects.clientId)) : select);
  const pageIds = withClient(db.select({ id: projects.id }).from(projects).$dynamic())
    .where(where)
    .orderBy(...order)
    .limit(param.limit)
    .offset(param.offset)
    .as("page");
  const counted = withClient(db.select({ total: count() }).from(projects).$dynamic()).where(where);
  const columns = {
    id: projects.id,
    slug: projects.slug,
    reference: projects.reference,
    title: projects.title,
    category: projects.category,
    status: projects.status,
    progress: projects.progress,
    city: projects.city,
    state: projects.state,
    startDate: projects.startDate,
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
    onTeam: sql<boolean>`${onTeamOf(viewer, param.viewerId)}`,
    nextMilestone: sql<ProjectListItem["nextMilestone"]>`(
        select json_build_object('id', m.id, 'title', m.title, 'dueDate', m.due_date)
        from milestones m
        where m.project_id = ${projects.id} and m.done_on is null
        order by m.due_date asc nulls last, m.position asc
        limit 1)`,
  };
  const ofPage = <Q extends PgSelect>(select: Q) =>
    select
      .innerJoin(pageIds, eq(pageIds.id, projects.id))
      .leftJoin(client, eq(client.id, projects.clientId))
      .leftJoin(manager, eq(manager.id, projects.managerId))
      .orderBy(...order);
  return {
    page: ofPage(
      db
        .select({ ...columns, total: sql<number>`(${counted})`.mapWith(Number) })
        .from(projects)
        .$dynamic(),
    ).prepare(`projects_list:${shape}`),
    rows: ofPage(db.select(columns).from(projects).$dynamic()).prepare(`projects_rows:${shape}`),
    count: counted.prepare(`projects_count:${shape}`),
  };
}

/** Pages kept by the list cache of one process (about 30 KB each at most): every page of 500 projects for 20 people. */
const CACHED_PAGES = 500;
/** Totals kept: one per person and set of filters. */
const CACHED_TOTALS = 2_000;

/**
 * GET /api/projects: a page of the projects the viewer may read, filtered, sorted and counted in SQL, in one
 * prepared query: built once per shape of request in this process, parsed and planned once per database connection.
 * The pages answered, and the totals counted, are kept for the list's version (migration 0016: any change to a
 * project, its team or milestones, or a name or picture a list shows, gives a new one on every instance at its
 * commit), by viewer, since finances and the team mark depend on who asks (decision 104).
 */
export function createProjectList(db: AppDb) {
  const statementOf = statementsByShape<ReturnType<typeof prepareList>>();
  const pages = createListCache<ProjectListPage>(db, "projects", CACHED_PAGES);
  const totals = createVersionedCache<number>(CACHED_TOTALS);

  return function listProjects(viewer: Viewer, query: ListQuery): Promise<ProjectListPage> {
    const { page: _page, pageSize: _pageSize, sort: _sort, ...listFilters } = query;
    const who = [viewer.id, viewer.role, viewer.department];
    const totalKey = JSON.stringify([...who, listFilters]);
    return pages(JSON.stringify([...who, query]), async (version) => {
      const knownTotal = version === null ? undefined : totals.get(totalKey, version);
      const page = await readPage(viewer, query, knownTotal);
      if (version !== null) totals.set(totalKey, version, page.total);
      return page;
    });
  };

  async function readPage(viewer: Viewer, query: ListQuery, knownTotal: number | undefined): Promise<ProjectListPage> {
    const shape = shapeOf(viewer, query);
    const statement = statementOf(shape, () => prepareList(db, viewer, query, shape));
    const values = {
      viewerId: viewer.id,
      pattern: query.search ? containing(query.search) : null,
      statuses: query.status ?? null,
      category: query.category ?? null,
      client: query.client ?? null,
      manager: query.manager ?? null,
      limit: query.pageSize,
      offset: offsetOf(query),
    };
    if (knownTotal !== undefined) return pageFrom(viewer, await statement.rows.execute(values), knownTotal, query);
    const rows = await statement.page.execute(values);
    // Past the last page no row carries the count: it is counted apart (a page number typed by hand).
    const total = rows[0]?.total ?? (query.page === 1 ? 0 : ((await statement.count.execute(values))[0]?.total ?? 0));
    return pageFrom(viewer, rows, total, query);
  }
}

type ListRow = Awaited<ReturnType<ReturnType<typeof prepareList>["rows"]["execute"]>>[number];

function pageFrom(viewer: Viewer, rows: ListRow[], total: number, query: ListQuery): ProjectListPage {
  const items = rows.map(
    (row): ProjectListItem => ({
      id: row.id,
      slug: row.slug,
      reference: row.reference,
      title: row.title,
      category: row.category,
      status: row.status,
      progress: row.progress,
      city: row.city,
      state: row.state,
      startDate: row.startDate,
      targetCompletion: row.targetCompletion,
      coverImage: row.coverImage,
      updatedAt: row.updatedAt.toISOString(),
      client: personRef(row.clientId, row.clientFirstName, row.clientLastName, row.clientAvatar),
      manager: personRef(row.managerId, row.managerFirstName, row.managerLastName, row.managerAvatar),
      finance: canSeeFinances(viewer, partiesSeenBy(viewer, row)) ? { budgetKobo: row.budgetKobo, spentKobo: row.spentKobo } : null,
      nextMilestone: row.nextMilestone,
    }),
  );
  return pageOf(items, total, query);
}

import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { INQUIRY_DEPARTMENTS } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import {
  INQUIRY_PAGE_SIZE,
  type InquiryItem,
  type InquiryPage,
  type InquiryStats,
  type InquiryStatus,
  inquiryMessages,
  inquiryStatuses,
} from "../../../shared/inquiries.js";
import type { NotificationKind } from "../../../shared/notifications.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { countedPageOf, offsetOf, type StatusCount, statusCountsColumn } from "../../db/paging.js";
import { statementsByShape } from "../../db/prepared.js";
import { contactInquiries, projects, users } from "../../db/schema.js";
import { createListCache } from "../../platform/list-cache.js";

/** The notifications service's notify(), handed over by buildApp. */
type Notify = (
  userIds: readonly string[],
  notification: { kind: NotificationKind; title: string; body?: string; link?: string | null },
) => Promise<void>;

export type InquiryFilters = { status?: InquiryStatus; assignee?: string; search?: string; page: number };

/** Abuja keeps West Africa Time (UTC+1) all year: "this month" starts at midnight there. */
const ABUJA_UTC_OFFSET_MS = 60 * 60_000;

function startOfMonthInAbuja(now = new Date()): Date {
  const local = new Date(now.getTime() + ABUJA_UTC_OFFSET_MS);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - ABUJA_UTC_OFFSET_MS);
}

const columns = {
  inquiry: contactInquiries,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
  assigneeDepartment: users.department,
  projectReference: projects.reference,
  projectTitle: projects.title,
};

type Row = {
  inquiry: typeof contactInquiries.$inferSelect;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeDepartment: string | null;
  projectReference: string | null;
  projectTitle: string | null;
};

function toItem({ inquiry, ...joined }: Row): InquiryItem {
  return {
    id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    subject: inquiry.subject,
    message: inquiry.message,
    status: inquiry.status,
    assignedTo: inquiry.assignedToId
      ? {
          id: inquiry.assignedToId,
          name: `${joined.assigneeFirstName ?? ""} ${joined.assigneeLastName ?? ""}`.trim(),
          department: joined.assigneeDepartment ?? "",
        }
      : null,
    replyNote: inquiry.replyNote,
    handledAt: inquiry.handledAt?.toISOString() ?? null,
    project:
      inquiry.projectId !== null
        ? { id: inquiry.projectId, reference: joined.projectReference ?? "", title: joined.projectTitle ?? "" }
        : null,
    createdAt: inquiry.createdAt.toISOString(),
  };
}

/** Inbox pages kept by one process for the current version (about 20 KB each at most). */
const CACHED_PAGES = 500;

/** The contact inquiries inbox: read, assign, note the reply, mark handled, link the project it became. */
export function createInquiriesService(deps: { db: AppDb; notify: Notify }) {
  const { db } = deps;

  /** Inquiries with their assignee and project; `counts`: the count by status of a list's page (statusCountsColumn). */
  const selectInquiries = (counts = sql<StatusCount[] | null>`null`) =>
    db
      .select({ ...columns, counts })
      .from(contactInquiries)
      .leftJoin(users, eq(users.id, contactInquiries.assignedToId))
      .leftJoin(projects, eq(projects.id, contactInquiries.projectId));

  async function get(id: number): Promise<InquiryItem> {
    const [row] = await selectInquiries().where(eq(contactInquiries.id, id));
    if (!row) throw new ApiError(404, inquiryMessages.notFound, "not_found");
    return toItem(row);
  }

  /** Whether this person may be given inquiries: an active admin, or active approved staff of an inquiry department. */
  async function mayHandle(userId: string): Promise<boolean> {
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          eq(users.active, true),
          or(
            eq(users.role, "admin"),
            and(eq(users.role, "staff"), isNotNull(users.approvedAt), inArray(users.department, INQUIRY_DEPARTMENTS)),
          ),
        ),
      );
    return person !== undefined;
  }

  async function projectExists(projectId: number): Promise<boolean> {
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    return project !== undefined;
  }

  /** The page with its counts, and the counts alone (for a page with no row), of one shape of list request. */
  function prepareList(assignee: "none" | "one" | "any", search: boolean, status: boolean, shape: string) {
    const param = {
      assignee: sql.placeholder("assignee"),
      pattern: sql.placeholder("pattern"),
      status: sql.placeholder("status"),
    };
    const filtered = and(
      assignee === "none" ? isNull(contactInquiries.assignedToId) : undefined,
      assignee === "one" ? eq(contactInquiries.assignedToId, param.assignee) : undefined,
      search
        ? or(
            ilike(contactInquiries.name, param.pattern),
            ilike(contactInquiries.email, param.pattern),
            ilike(contactInquiries.subject, param.pattern),
            ilike(contactInquiries.message, param.pattern),
          )
        : undefined,
    );
    const newestFirst = [desc(contactInquiries.createdAt), desc(contactInquiries.id)];
    const byStatus = db
      .select({ status: contactInquiries.status, total: sql<number>`count(*)::int`.as("total") })
      .from(contactInquiries)
      .where(filtered)
      .groupBy(contactInquiries.status);
    const pageIds = db
      .select({ id: contactInquiries.id })
      .from(contactInquiries)
      .where(and(filtered, status ? eq(contactInquiries.status, param.status) : undefined))
      .orderBy(...newestFirst)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page");
    const page = selectInquiries(statusCountsColumn(byStatus))
      .innerJoin(pageIds, eq(pageIds.id, contactInquiries.id))
      .orderBy(...newestFirst)
      .prepare(`inquiries_list:${shape}`);
    return { page, byStatus: byStatus.prepare(`inquiries_by_status:${shape}`) };
  }
  const listStatement = statementsByShape<ReturnType<typeof prepareList>>();
  const pages = createListCache<InquiryPage>(db, "inquiries", CACHED_PAGES);

  async function readPage(callerId: string, filters: InquiryFilters): Promise<InquiryPage> {
    const assignee = filters.assignee === "none" ? "none" : filters.assignee ? "one" : "any";
    const shape = `${assignee}:${filters.search ? 1 : 0}:${filters.status ? 1 : 0}`;
    const statement = listStatement(shape, () => prepareList(assignee, Boolean(filters.search), Boolean(filters.status), shape));
    const request = { page: filters.page, pageSize: INQUIRY_PAGE_SIZE, status: filters.status };
    const values = {
      assignee: filters.assignee === "me" ? callerId : (filters.assignee ?? null),
      pattern: filters.search ? containing(filters.search) : null,
      status: filters.status ?? null,
      limit: INQUIRY_PAGE_SIZE,
      offset: offsetOf(request),
    };
    const rows = await statement.page.execute(values);
    const counts = rows[0]?.counts ?? (await statement.byStatus.execute(values));
    return countedPageOf(rows.map(toItem), counts, inquiryStatuses, request);
  }

  return {
    get,

    /**
     * Newest first, 20 a page, with the count of each status under the same search and assignee filters, in one
     * prepared query (a statement per shape of request): the page's ids come from contact_inquiries_created_idx
     * alone, so a deep page skips index entries rather than whole joined rows.
     */
    async list(callerId: string, filters: InquiryFilters): Promise<InquiryPage> {
      // Kept for the inbox's version (decision 104); by caller, since "me" is whoever asks.
      return pages(JSON.stringify([callerId, filters]), () => readPage(callerId, filters));
    },

    /**
     * Assigns (and tells the assignee), notes the reply, marks handled, links the project. Assigning a
     * new inquiry makes it "assigned"; taking the assignee off an assigned one makes it "new" again.
     */
    async update(
      id: number,
      changes: { status?: InquiryStatus; assignedToId?: string | null; replyNote?: string; projectId?: number | null },
      callerId: string,
    ): Promise<InquiryItem> {
      const [current] = await db.select().from(contactInquiries).where(eq(contactInquiries.id, id));
      if (!current) throw new ApiError(404, inquiryMessages.notFound, "not_found");

      if (changes.assignedToId && !(await mayHandle(changes.assignedToId))) {
        throw new ApiError(400, inquiryMessages.assigneeNotAllowed, "validation_failed", {
          assignedToId: inquiryMessages.assigneeNotAllowed,
        });
      }
      if (changes.projectId && !(await projectExists(changes.projectId))) {
        throw new ApiError(400, inquiryMessages.projectNotFound, "validation_failed", { projectId: inquiryMessages.projectNotFound });
      }

      const assignedToId = changes.assignedToId === undefined ? current.assignedToId : changes.assignedToId;
      let status = changes.status ?? current.status;
      if (changes.status === undefined && changes.assignedToId !== undefined) {
        if (assignedToId && status === "new") status = "assigned";
        if (!assignedToId && status === "assigned") status = "new";
      }
      if (status === "assigned" && !assignedToId) {
        throw new ApiError(400, inquiryMessages.assigneeMissing, "validation_failed", { assignedToId: inquiryMessages.assigneeMissing });
      }
      const handledAt = status === "handled" ? (current.handledAt ?? new Date()) : null;

      await db
        .update(contactInquiries)
        .set({
          status,
          assignedToId,
          handledAt,
          ...(changes.replyNote !== undefined ? { replyNote: changes.replyNote } : {}),
          ...(changes.projectId !== undefined ? { projectId: changes.projectId } : {}),
        })
        .where(eq(contactInquiries.id, id));

      const newlyAssigned = assignedToId !== null && assignedToId !== current.assignedToId && assignedToId !== callerId;
      if (newlyAssigned) {
        await deps.notify([assignedToId], {
          kind: "inquiry_assigned",
          title: `Inquiry assigned to you: ${current.subject}`,
          body: `From ${current.name} <${current.email}>`,
          link: `/dashboard/inquiries/${id}`,
        });
      }
      return get(id);
    },

    /** The figures of the dashboards: by status, this month's new ones, conversions. */
    async stats(): Promise<InquiryStats> {
      const [totals] = await db
        .select({
          total: count(),
          new: sql<number>`count(*) filter (where ${contactInquiries.status} = 'new')::int`,
          assigned: sql<number>`count(*) filter (where ${contactInquiries.status} = 'assigned')::int`,
          handled: sql<number>`count(*) filter (where ${contactInquiries.status} = 'handled')::int`,
          converted: sql<number>`count(${contactInquiries.projectId})::int`,
        })
        .from(contactInquiries);
      const [thisMonth] = await db
        .select({ total: count() })
        .from(contactInquiries)
        .where(gte(contactInquiries.createdAt, startOfMonthInAbuja()));
      const total = totals?.total ?? 0;
      const converted = totals?.converted ?? 0;
      return {
        byStatus: { new: totals?.new ?? 0, assigned: totals?.assigned ?? 0, handled: totals?.handled ?? 0 },
        total,
        newThisMonth: thisMonth?.total ?? 0,
        converted,
        conversionRate: total === 0 ? 0 : Math.round((converted / total) * 1000) / 1000,
      };
    },
  };
}

export type InquiriesService = ReturnType<typeof createInquiriesService>;

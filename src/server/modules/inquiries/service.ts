import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { INQUIRY_DEPARTMENTS } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import {
  INQUIRY_PAGE_SIZE,
  type InquiryCounts,
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
import { contactInquiries, projects, users } from "../../db/schema.js";

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
    status: inquiry.status as InquiryStatus,
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

const emptyCounts = (): InquiryCounts => ({ new: 0, assigned: 0, handled: 0 });

/** The contact inquiries inbox: read, assign, note the reply, mark handled, link the project it became. */
export function createInquiriesService(deps: { db: AppDb; notify: Notify }) {
  const { db } = deps;

  const selectInquiries = () =>
    db
      .select(columns)
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
            and(eq(users.role, "staff"), isNotNull(users.approvedAt), inArray(users.department, [...INQUIRY_DEPARTMENTS])),
          ),
        ),
      );
    return person !== undefined;
  }

  async function projectExists(projectId: number): Promise<boolean> {
    const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
    return project !== undefined;
  }

  return {
    get,

    /** Newest first, 20 a page, with the count of each status under the same search and assignee filters. */
    async list(callerId: string, filters: InquiryFilters): Promise<InquiryPage> {
      const conditions: SQL[] = [];
      if (filters.assignee === "none") conditions.push(isNull(contactInquiries.assignedToId));
      else if (filters.assignee)
        conditions.push(eq(contactInquiries.assignedToId, filters.assignee === "me" ? callerId : filters.assignee));
      if (filters.search) {
        const pattern = containing(filters.search);
        const matches = or(
          ilike(contactInquiries.name, pattern),
          ilike(contactInquiries.email, pattern),
          ilike(contactInquiries.subject, pattern),
          ilike(contactInquiries.message, pattern),
        );
        if (matches) conditions.push(matches);
      }
      const filtered = and(...conditions);
      const listed = and(filtered, filters.status ? eq(contactInquiries.status, filters.status) : undefined);
      const [rows, byStatus] = await Promise.all([
        selectInquiries()
          .where(listed)
          .orderBy(desc(contactInquiries.createdAt), desc(contactInquiries.id))
          .limit(INQUIRY_PAGE_SIZE)
          .offset((filters.page - 1) * INQUIRY_PAGE_SIZE),
        db
          .select({ status: contactInquiries.status, total: count() })
          .from(contactInquiries)
          .where(filtered)
          .groupBy(contactInquiries.status),
      ]);
      const counts = emptyCounts();
      for (const { status, total } of byStatus) if (status in counts) counts[status as InquiryStatus] = total;
      const total = filters.status ? counts[filters.status] : inquiryStatuses.reduce((sum, status) => sum + counts[status], 0);
      return {
        items: rows.map(toItem),
        total,
        page: filters.page,
        pageSize: INQUIRY_PAGE_SIZE,
        pageCount: Math.max(1, Math.ceil(total / INQUIRY_PAGE_SIZE)),
        counts,
      };
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
      let status = (changes.status ?? current.status) as InquiryStatus;
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

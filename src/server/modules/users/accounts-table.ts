import { and, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserRow,
  type AdminUserSortKey,
  type AdminUserStatus,
  type AdminUsersFilters,
  type AdminUsersPage,
  type AdminUsersQuery,
} from "../../../shared/admin-users.js";
import { csvLine } from "../../../shared/csv.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { users } from "../../db/schema.js";
import { awaitingApproval } from "../../db/staff-accounts.js";

type UserRow = typeof users.$inferSelect;

const statusConditions: Record<AdminUserStatus, SQL | undefined> = {
  pending: awaitingApproval,
  blocked: eq(users.active, false),
  active: and(eq(users.active, true), or(isNotNull(users.approvedAt), sql`${users.role} <> 'staff'`)),
};

/** Awaiting approval, active, blocked: the order of the status column (the order of the status filter too). */
const statusRank = sql`(case when ${users.active} = false then 2 when ${users.role} = 'staff' and ${users.approvedAt} is null then 0 else 1 end)`;

/** One term of an order: its expression and the SQL type its text form is read back as (for the export's keyset). */
type OrderTerm = { expression: SQL; type: "text" | "integer" | "timestamptz" | "uuid" };

/** Each column's order, with the expressions the indexes of migration 0027 are built on; the id breaks every tie. */
const orderTerms: Record<AdminUserSortKey, OrderTerm[]> = {
  name: [{ expression: sql`lower(${users.firstName} || ' ' || ${users.lastName})`, type: "text" }],
  email: [{ expression: sql`${users.email}`, type: "text" }],
  role: [{ expression: sql`${users.role}`, type: "text" }],
  department: [{ expression: sql`${users.department}`, type: "text" }],
  status: [{ expression: statusRank, type: "integer" }],
  // Never signed in sorts as the oldest sign-in.
  lastSignIn: [{ expression: sql`coalesce(${users.lastLoginAt}, '-infinity'::timestamptz)`, type: "timestamptz" }],
  created: [{ expression: sql`${users.createdAt}`, type: "timestamptz" }],
};

/** Without a sort: staff awaiting approval first, then the newest accounts. */
const defaultOrder: OrderTerm[] = [
  { expression: sql`(case when ${awaitingApproval} then 1 else 0 end)`, type: "integer" },
  { expression: sql`${users.createdAt}`, type: "timestamptz" },
];

/** The terms of the order asked for (the id last), all in one direction. */
function orderOf(sort: AdminUsersFilters["sort"]): { terms: OrderTerm[]; descending: boolean } {
  const terms = sort ? orderTerms[sort.replace(/^-/, "") as AdminUserSortKey] : defaultOrder;
  return { terms: [...terms, { expression: sql`${users.id}`, type: "uuid" }], descending: sort ? sort.startsWith("-") : true };
}

function filtersOf(query: AdminUsersFilters): SQL | undefined {
  return and(
    query.status ? statusConditions[query.status] : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    query.department ? eq(users.department, query.department) : undefined,
    query.search
      ? or(
          ilike(users.email, containing(query.search)),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containing(query.search)),
        )
      : undefined,
  );
}

const orderBy = ({ terms, descending }: ReturnType<typeof orderOf>) =>
  terms.map((term) => (descending ? sql`${term.expression} desc` : sql`${term.expression} asc`));

export const toAdminRow = (user: UserRow): AdminUserRow => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  department: user.department,
  department_code: user.departmentCode,
  avatar: user.avatarUrl,
  active: user.active,
  approved: user.approvedAt !== null,
  emailVerified: user.emailVerifiedAt !== null,
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

const statusLabel = (user: UserRow) =>
  !user.active ? "blocked" : user.role === "staff" && user.approvedAt === null ? "awaiting approval" : "active";

/** The header and the cells of the CSV export, in one place so both stay in step. */
const CSV_COLUMNS = [
  "first_name",
  "last_name",
  "email",
  "role",
  "department",
  "department_code",
  "status",
  "email_confirmed",
  "last_sign_in",
  "registered",
] as const;
const csvCells = (user: UserRow) => [
  user.firstName,
  user.lastName,
  user.email,
  user.role,
  user.department,
  user.departmentCode ?? "",
  statusLabel(user),
  user.emailVerifiedAt ? "yes" : "no",
  user.lastLoginAt?.toISOString() ?? "",
  user.createdAt.toISOString(),
];

/** How many accounts each query of the export reads: the memory it holds at once, whatever the number of accounts. */
export const ACCOUNTS_CSV_BATCH_SIZE = 500;

/** The admin's table of every account: filtered, sorted and paged in SQL, and its CSV export. */
export function createAccountsTable(db: AppDb) {
  return {
    async page(query: AdminUsersQuery): Promise<AdminUsersPage> {
      const where = filtersOf(query);
      const request = { page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
      const [rows, [counted], [pending]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(...orderBy(orderOf(query.sort)))
          .limit(ADMIN_USERS_PAGE_SIZE)
          .offset(offsetOf(request)),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
        db.select({ total: sql<number>`count(*)::int` }).from(users).where(awaitingApproval),
      ]);
      return { ...pageOf(rows.map(toAdminRow), counted?.total ?? 0, request), pendingCount: pending?.total ?? 0 };
    },

    /**
     * The same filtered, sorted accounts as CSV lines, read in batches after the last row's place in the order
     * (keyset on the order's terms and the id, never OFFSET): any number of accounts holds one batch in memory.
     */
    async *csv(query: AdminUsersFilters): AsyncGenerator<string> {
      yield `${CSV_COLUMNS.join(",")}\r\n`;
      const where = filtersOf(query);
      const order = orderOf(query.sort);
      const place = sql.join(
        order.terms.map((term) => sql`${term.expression}`),
        sql`, `,
      );
      const placeText = sql<string[]>`json_build_array(${sql.join(
        order.terms.map((term) => sql`(${term.expression})::text`),
        sql`, `,
      )})`;
      let after: string[] | null = null;
      for (;;) {
        const from: string[] | null = after;
        const beyond: SQL | undefined = from
          ? sql`(${place}) ${sql.raw(order.descending ? "<" : ">")} (${sql.join(
              order.terms.map((term, index) => sql`cast(${from[index]} as ${sql.raw(term.type)})`),
              sql`, `,
            )})`
          : undefined;
        const batch: { user: UserRow; place: string[] }[] = await db
          .select({ user: users, place: placeText })
          .from(users)
          .where(and(where, beyond))
          .orderBy(...orderBy(order))
          .limit(ACCOUNTS_CSV_BATCH_SIZE);
        if (batch.length === 0) return;
        yield batch.map(({ user }) => csvLine(csvCells(user))).join("");
        after = batch[batch.length - 1]?.place ?? null;
        if (batch.length < ACCOUNTS_CSV_BATCH_SIZE) return;
      }
    },
  };
}

export type AccountsTable = ReturnType<typeof createAccountsTable>;

import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ACCOUNTS_DEPARTMENTS } from "../../../shared/access.js";
import { departmentNames } from "../../../shared/departments.js";
import type { NotificationKind } from "../../../shared/notifications.js";
import type { AppDb } from "../../db/client.js";
import { users } from "../../db/schema.js";

/** The notifications service's notify() (the bell and email, as each person prefers), handed over by buildApp. */
export type Notify = (
  userIds: readonly string[],
  notification: { kind: NotificationKind; title: string; body?: string; link?: string | null; projectId?: number | null },
) => Promise<void>;

const accountsDepartments = departmentNames.filter((name) => ACCOUNTS_DEPARTMENTS.includes(name));
const moneyLink = (projectId: number) => `/dashboard/projects/${projectId}#money`;

/**
 * Tells the people concerned of an invoice or a transfer. The change is saved before: a failure to tell is logged,
 * never turned into a failure of the request.
 */
export function createMoneyNotices({ db, notify, log }: { db: AppDb; notify: Notify; log: FastifyBaseLogger }) {
  async function tell(userIds: readonly string[], projectId: number, kind: NotificationKind, title: string, body: string) {
    try {
      await notify(userIds, { kind, title, body, link: moneyLink(projectId), projectId });
    } catch (error) {
      log.error({ err: error, projectId, kind }, "a money notice could not be sent");
    }
  }

  /** Everyone in Accounts and Accounting, who confirm transfers. */
  async function accounts() {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "staff"), eq(users.active, true), inArray(users.department, accountsDepartments)));
    return rows.map((row) => row.id);
  }

  return {
    invoiceIssued: (payers: readonly string[], projectId: number, title: string, body: string) =>
      tell(payers, projectId, "invoice_issued", title, body),
    async paymentRecorded(projectId: number, title: string, body: string) {
      await tell(await accounts().catch(() => []), projectId, "payment_recorded", title, body);
    },
    paymentDecided: (payers: readonly string[], projectId: number, title: string, body: string) =>
      tell(payers, projectId, "payment_decided", title, body),
  };
}

export type MoneyNotices = ReturnType<typeof createMoneyNotices>;

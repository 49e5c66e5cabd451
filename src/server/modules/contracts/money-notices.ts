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
/** The project page's Money section, for its client and the office; a payer the client added opens their own page. */
const moneyLink = (projectId: number) => `/dashboard/projects/${projectId}?section=money`;
const paidProjectLink = (projectId: number) => `/dashboard/paying/${projectId}`;

/** Who pays: the project's client, and the payers they added (who cannot open the project page). */
export type PayingPeople = { clientId: string | null; payerIds: readonly string[] };

/**
 * Tells the people concerned of an invoice or a transfer. The change is saved before: a failure to tell is logged,
 * never turned into a failure of the request.
 */
export function createMoneyNotices({ db, notify, log }: { db: AppDb; notify: Notify; log: FastifyBaseLogger }) {
  async function tell(
    userIds: readonly string[],
    projectId: number,
    kind: NotificationKind,
    title: string,
    body: string,
    link = moneyLink(projectId),
  ) {
    if (userIds.length === 0) return;
    try {
      await notify(userIds, { kind, title, body, link, projectId });
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

  /** The client by the project page, each payer by their own page. */
  async function tellPaying(people: PayingPeople, projectId: number, kind: NotificationKind, title: string, body: string) {
    await tell(people.clientId ? [people.clientId] : [], projectId, kind, title, body);
    await tell(people.payerIds, projectId, kind, title, body, paidProjectLink(projectId));
  }

  return {
    invoiceIssued: (people: PayingPeople, projectId: number, title: string, body: string) =>
      tellPaying(people, projectId, "invoice_issued", title, body),
    async paymentRecorded(projectId: number, title: string, body: string) {
      await tell(await accounts().catch(() => []), projectId, "payment_recorded", title, body);
    },
    paymentDecided: (people: PayingPeople, projectId: number, title: string, body: string) =>
      tellPaying(people, projectId, "payment_decided", title, body),
  };
}

export type MoneyNotices = ReturnType<typeof createMoneyNotices>;

import { and, asc, count, eq } from "drizzle-orm";
import { canChoosePayers, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { type PaidProject, type Payer, paymentMessages } from "../../../shared/invoices.js";
import type { AppDb } from "../../db/client.js";
import { projectPayers, projects, users } from "../../db/schema.js";
import type { MoneyGuard } from "./money-guard.js";

const MAX_PAYERS = 10;
const refused = (message: string, code: string, status = 409) => new ApiError(status, message, code);

/** The people a client adds to pay for their project with them: each records their own transfers and has their own line. */
export function createPayers({ db, guard }: { db: AppDb; guard: MoneyGuard }) {
  async function ofProject(projectId: number): Promise<Payer[]> {
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.avatarUrl,
        email: users.email,
        addedAt: projectPayers.addedAt,
      })
      .from(projectPayers)
      .innerJoin(users, eq(users.id, projectPayers.userId))
      .where(eq(projectPayers.projectId, projectId))
      .orderBy(asc(projectPayers.addedAt));
    return rows.map((row) => ({
      person: { id: row.id, name: `${row.firstName} ${row.lastName}`, avatar: row.avatar },
      email: row.email,
      addedAt: row.addedAt.toISOString(),
    }));
  }

  return {
    /** The projects this person pays for without being their client: their way in, since they cannot open the project. */
    async projectsPaidBy(viewer: Viewer): Promise<{ items: PaidProject[] }> {
      const rows = await db
        .select({
          id: projects.id,
          title: projects.title,
          reference: projects.reference,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(projectPayers)
        .innerJoin(projects, eq(projects.id, projectPayers.projectId))
        .leftJoin(users, eq(users.id, projects.clientId))
        .where(eq(projectPayers.userId, viewer.id))
        .orderBy(asc(projects.title));
      return {
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          reference: row.reference,
          clientName: row.firstName ? `${row.firstName} ${row.lastName ?? ""}`.trim() : null,
        })),
      };
    },

    async list(viewer: Viewer, projectId: number): Promise<{ items: Payer[] }> {
      await guard.read(viewer, projectId);
      return { items: await ofProject(projectId) };
    },

    /** The person must already have a client account: a payer signs in to record their transfers. */
    async add(viewer: Viewer, projectId: number, email: string): Promise<{ items: Payer[] }> {
      const parties = await guard.act(viewer, projectId, canChoosePayers);
      const [person] = await db.select({ id: users.id, role: users.role, active: users.active }).from(users).where(eq(users.email, email));
      if (person?.role !== "user" || !person.active) throw refused(paymentMessages.payerNoAccount, "no_client_account", 400);
      if (person.id === parties.clientId) throw refused(paymentMessages.payerIsClient, "is_client");
      await db.transaction(async (tx) => {
        // The project's row is locked so that additions at once cannot pass the limit.
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
        const [current] = await tx.select({ payers: count() }).from(projectPayers).where(eq(projectPayers.projectId, projectId));
        if ((current?.payers ?? 0) >= MAX_PAYERS) throw refused(paymentMessages.tooManyPayers, "too_many_payers");
        const added = await tx
          .insert(projectPayers)
          .values({ projectId, userId: person.id, addedById: viewer.id })
          .onConflictDoNothing()
          .returning({ userId: projectPayers.userId });
        if (added.length === 0) throw refused(paymentMessages.payerAlready, "already_payer");
      });
      return { items: await ofProject(projectId) };
    },

    /** Their transfers stay on the statement under their name; they no longer see the project's money. */
    async remove(viewer: Viewer, projectId: number, userId: string): Promise<void> {
      await guard.act(viewer, projectId, canChoosePayers);
      const removed = await db
        .delete(projectPayers)
        .where(and(eq(projectPayers.projectId, projectId), eq(projectPayers.userId, userId)))
        .returning({ userId: projectPayers.userId });
      if (removed.length === 0) throw refused(paymentMessages.payerNotFound, "not_found", 404);
    },
  };
}

export type Payers = ReturnType<typeof createPayers>;

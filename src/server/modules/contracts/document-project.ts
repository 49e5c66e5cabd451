import { eq } from "drizzle-orm";
import type { AppDb } from "../../db/client.js";
import { projects, users } from "../../db/schema.js";
import type { DocumentProject } from "./money-documents.js";

/** The project and its client as an invoice, a receipt or a statement names them. */
export async function documentProjectOf(db: AppDb, projectId: number): Promise<DocumentProject> {
  const [row] = await db
    .select({
      title: projects.title,
      reference: projects.reference,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.clientId))
    .where(eq(projects.id, projectId));
  return {
    title: row?.title ?? "",
    reference: row?.reference ?? "",
    clientName: row?.firstName ? `${row.firstName} ${row.lastName ?? ""}`.trim() : "The client",
    clientEmail: row?.email ?? "",
  };
}

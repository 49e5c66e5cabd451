import { projects, projectTeam } from "../db/schema.js";
import { createAdmin } from "../modules/auth/create-admin.js";
import { accountsClient } from "./accounts.js";
import type { startMailCatcher } from "./mail-catcher.js";
import { type TestServer, testDatabase } from "./test-app.js";

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export const ADMIN_PASSWORD = "Zuma-rock-2026!";

/** A signed-in test person: their id and access token, and the Authorization header to send. */
export type SignedIn = { id: string; accessToken: string; refreshToken: string; auth: { authorization: string } };

let projectNumber = 0;

/** Creates the people of the portal through the real API (admins, approved staff, clients), and projects in the database. */
export function portalPeople(server: () => TestServer, mail: () => MailCatcher) {
  const accounts = accountsClient(server, mail);

  const signedIn = async (email: string, password?: string): Promise<SignedIn> => {
    const session = await accounts.signIn(email, password);
    return {
      id: session.user.id,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      auth: { authorization: `Bearer ${session.accessToken}` },
    };
  };

  async function admin(email = "admin@crestbuild.ng", firstName = "Amaka"): Promise<SignedIn> {
    await createAdmin((await testDatabase()).db, { email, firstName, lastName: "Obi", password: ADMIN_PASSWORD });
    return signedIn(email, ADMIN_PASSWORD);
  }

  /** A staff account of this department, approved by the given admin. */
  async function staff(email: string, department: string, approver: SignedIn, firstName = "Emeka"): Promise<SignedIn> {
    const id = await accounts.registerVerified(email, { isStaff: true, department, firstName });
    const approved = await accounts.call(`/admin/users/${id}/approve`, {}, approver.auth);
    if (approved.status !== 200) throw new Error(`approval of ${email} failed: ${approved.status}`);
    return signedIn(email);
  }

  async function client(email: string, firstName = "Ngozi"): Promise<SignedIn> {
    await accounts.registerVerified(email, { firstName });
    return signedIn(email);
  }

  /** A project with its client, manager and team (the projects API is another feature's: written directly). */
  async function project(parties: { clientId?: string; managerId?: string; teamIds?: string[]; title?: string }): Promise<number> {
    const db = (await testDatabase()).db;
    projectNumber += 1;
    const [row] = await db
      .insert(projects)
      .values({
        slug: `test-project-${projectNumber}-${Date.now()}`,
        reference: `CB-TEST-${projectNumber}-${Date.now()}`,
        title: parties.title ?? `Duplex in Maitama ${projectNumber}`,
        category: "residential",
        status: "in_progress",
        description: "A four-bedroom duplex.",
        city: "Abuja",
        country: "Nigeria",
        clientId: parties.clientId ?? null,
        managerId: parties.managerId ?? null,
      })
      .returning({ id: projects.id });
    if (!row) throw new Error("project not created");
    if (parties.teamIds?.length) await db.insert(projectTeam).values(parties.teamIds.map((userId) => ({ projectId: row.id, userId })));
    return row.id;
  }

  return { ...accounts, admin, staff, client, project };
}

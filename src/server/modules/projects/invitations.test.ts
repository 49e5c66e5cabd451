import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { invitationMessages } from "../../../shared/projects.js";
import { projectInvitations } from "../../db/schema.js";
import { person } from "../../testing/accounts.js";
import { codeIn, mailText } from "../../testing/mail-catcher.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, mail, people, createProject, signIn } = setUpTestServer();
let office: SignedIn;
let projectId: number;
beforeEach(async () => {
  office = await people.staff("office@crestbuild.ng", "Projects");
  projectId = await createProject(office, { title: "Maitama Office Block" });
});

const invite = (by: SignedIn, body: unknown, id = projectId) => call(`/projects/${id}/invitations`, body, by.auth);
/** The token of the link in the newest invitation mail to this address, and the link's path. */
async function invitationLink(email: string) {
  const text = mailText(await mail().latestTo(email, "Your project"));
  const link = /https?:\/\/\S+\/(register\?invitation=|dashboard\/invitations\/)([\w-]+)/.exec(text);
  if (!link?.[2]) throw new Error(`no invitation link in ${text}`);
  return { text, token: decodeURIComponent(link[2]), path: link[1] };
}
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

describe("inviting a project's client by email (POST /api/projects/:id/invitations)", () => {
  it("sends a single-use link that fills in the registration; after confirming and signing in the client gets the project", async () => {
    const sent = await invite(office, { name: "Ngozi Ade Okafor", email: " Ngozi@Example.com " });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ name: "Ngozi Ade Okafor", email: "ngozi@example.com" });
    const pending = await call(`/projects/${projectId}/invitations`, undefined, office.auth);
    expect(pending.body.data.pending).toMatchObject({ email: "ngozi@example.com", invitedBy: { id: office.id } });

    const { text, token, path } = await invitationLink("ngozi@example.com");
    expect(path).toBe("register?invitation=");
    expect(text).toContain("Maitama Office Block");
    expect(text).toContain("The link works once and for 7 days.");
    // Only the hash is kept.
    const [stored] = await (await testDatabase()).db.select().from(projectInvitations);
    expect(stored?.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await call(`/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      email: "ngozi@example.com",
      firstName: "Ngozi",
      lastName: "Ade Okafor",
      projectTitle: "Maitama Office Block",
      hasAccount: false,
    });

    expect((await call("/auth/register", person("ngozi@example.com", { firstName: "Ngozi", lastName: "Ade Okafor" }))).status).toBe(201);
    const code = codeIn(await mail().latestTo("ngozi@example.com", "verification"));
    expect((await call("/auth/verify-otp", { email: "ngozi@example.com", code })).status).toBe(200);
    const session = await signIn("ngozi@example.com");
    // Before accepting, the project is not theirs.
    expect((await call(`/projects/${projectId}`, undefined, bearer(session.accessToken))).status).toBe(404);

    const accepted = await call(`/invitations/${token}/accept`, {}, bearer(session.accessToken));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toEqual({ projectId, projectTitle: "Maitama Office Block" });
    const project = await call(`/projects/${projectId}`, undefined, bearer(session.accessToken));
    expect(project.status).toBe(200);
    expect(project.body.data.client).toMatchObject({ id: session.user.id, email: "ngozi@example.com" });

    // The link works once.
    const again = await call(`/invitations/${token}/accept`, {}, bearer(session.accessToken));
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(invitationMessages.gone);
    expect((await call(`/invitations/${token}`)).status).toBe(404);
    expect((await call(`/projects/${projectId}/invitations`, undefined, office.auth)).body.data.pending).toBeNull();
  });

  it("tells an existing account to sign in through the link, and refuses the link to anyone signed in with another address", async () => {
    const client = await people.client("chinedu@example.com");
    const stranger = await people.client("stranger@example.com");
    expect((await invite(office, { name: "Chinedu Eze", email: "chinedu@example.com" })).status).toBe(201);
    const { text, token, path } = await invitationLink("chinedu@example.com");
    expect(path).toBe("dashboard/invitations/");
    expect(text).toContain("You already have a Crestbuild account with this address");
    expect((await call(`/invitations/${token}`)).body.data.hasAccount).toBe(true);

    const wrong = await call(`/invitations/${token}/accept`, {}, stranger.auth);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(invitationMessages.otherEmail);
    expect((await call(`/projects/${projectId}`, undefined, stranger.auth)).status).toBe(404);
    expect((await call(`/invitations/${token}/accept`, {})).status).toBe(401);

    expect((await call(`/invitations/${token}/accept`, {}, client.auth)).status).toBe(200);
    expect((await call(`/projects/${projectId}`, undefined, client.auth)).body.data.client.id).toBe(client.id);
  });

  it("lets only the project office invite: 403 for other staff, 404 for a client who cannot read the project or a missing one", async () => {
    const accounts = await people.staff("accounts@crestbuild.ng", "Accounts");
    const hr = await people.staff("hr@crestbuild.ng", "HR");
    const client = await people.client("someone@example.com");
    const body = { name: "Ada Obi", email: "ada@example.com" };
    // Accounts reads every project but does not run them; HR does not read them.
    expect((await invite(accounts, body)).status).toBe(403);
    expect((await invite(hr, body)).status).toBe(404);
    expect((await invite(client, body)).status).toBe(404);
    expect((await invite(office, body, 999_999)).status).toBe(404);
    expect((await call(`/projects/${projectId}/invitations`, undefined, client.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/invitations`, body)).status).toBe(401);
    expect(mail().mails.filter((sent) => sent.to.includes("ada@example.com"))).toEqual([]);
  });

  it("checks what it is given: a name, a real address, not a staff account's", async () => {
    const empty = await invite(office, { name: " ", email: "not-an-address" });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ name: "Enter the client's name.", email: expect.any(String) });
    const staff = await invite(office, { name: "Office", email: "office@crestbuild.ng" });
    expect(staff.status).toBe(409);
    expect(staff.body.fields?.email).toBe(invitationMessages.staffEmail);
  });

  it("refuses a project that already has a client, and an invitation accepted after another client was given the project", async () => {
    const first = await people.client("first@example.com");
    const late = await people.client("late@example.com");
    expect((await invite(office, { name: "Late Comer", email: "late@example.com" })).status).toBe(201);
    const { token } = await invitationLink("late@example.com");
    expect((await call(`/projects/${projectId}`, { clientId: first.id }, office.auth, "PUT")).status).toBe(200);

    const refused = await invite(office, { name: "Another", email: "another@example.com" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(invitationMessages.hasClient);
    const accepted = await call(`/invitations/${token}/accept`, {}, late.auth);
    expect(accepted.status).toBe(409);
    expect((await call(`/projects/${projectId}`, undefined, first.auth)).body.data.client.id).toBe(first.id);
  });

  it("replaces an earlier invitation of the project, refuses an expired link, and limits the invitations of a project", async () => {
    expect((await invite(office, { name: "Ada Obi", email: "ada@example.com" })).status).toBe(201);
    const older = (await invitationLink("ada@example.com")).token;
    expect((await invite(office, { name: "Bola Ade", email: "bola@example.com" })).status).toBe(201);
    const newer = (await invitationLink("bola@example.com")).token;
    expect((await call(`/invitations/${older}`)).status).toBe(404);
    expect((await call(`/invitations/${newer}`)).status).toBe(200);

    const { db } = await testDatabase();
    await db
      .update(projectInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvitations.email, "bola@example.com"));
    expect((await call(`/invitations/${newer}`)).body.message).toBe(invitationMessages.gone);

    for (let index = 0; index < 3; index++) {
      expect((await invite(office, { name: "Client", email: `client${index}@example.com` })).status).toBe(201);
    }
    const spam = await invite(office, { name: "Client", email: "client9@example.com" });
    expect(spam.status).toBe(429);
    expect(spam.body.message).toBe(invitationMessages.tooManyForProject);
  });

  it("limits the invitations of one sender across projects, even sent all at once", async () => {
    const projects = [projectId];
    for (let index = 1; index < 5; index++) projects.push(await createProject(office, { title: `Estate block ${index}` }));
    // 25 at once: each project takes 5 a day, the sender 20 an hour.
    const answers = await Promise.all(
      projects.flatMap((id, index) =>
        Array.from({ length: 5 }, (_, copy) => invite(office, { name: "Client", email: `c${index}-${copy}@example.com` }, id)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(answers.find((answer) => answer.status === 429)?.body.message).toBe(invitationMessages.tooManyBySender);
    expect(await (await testDatabase()).db.select().from(projectInvitations)).toHaveLength(20);
  });
});

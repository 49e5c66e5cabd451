import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InquiryPage } from "../../../shared/inquiries.js";
import { contactInquiries, projects, users } from "../../db/schema.js";
import { keptAnswersOnEach } from "../../testing/kept-answers.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTestServer, type TestServer, testDatabase } from "../../testing/test-app.js";

// Two instances on one database, as behind a load balancer: each keeps the inbox pages it answered.
const { server: first, mail, call, people, createProject } = setUpTestServer();
let second: TestServer;
beforeEach(async () => {
  second = await startTestServer({ SMTP_URL: mail().url }, { keepData: true });
});
afterEach(() => second.close());

/** The inbox as this person sees it on each instance, a kept answer of each. */
const inboxesOnBoth = (who: SignedIn, query = "") => keptAnswersOnEach<InquiryPage>([first(), second], who, `/inquiries${query}`);

describe("the inquiries inbox cache on two instances", () => {
  it("shows a new inquiry, an assignment, a renamed assignee or project on the next inbox from either instance", async () => {
    const admin = await people.admin();
    const sade = await people.staff("sade@crestbuild.ng", "Secretariat", { firstName: "Sade", lastName: "Ajayi" });
    const bola = await people.staff("bola@crestbuild.ng", "Secretariat");
    for (const page of await inboxesOnBoth(admin)) expect(page).toMatchObject({ items: [], total: 0 });

    const sent = { name: "Amina Bello", email: "amina@example.com", subject: "Office block in Wuse", message: "A quote, please." };
    expect((await call("/contact", sent)).status).toBe(201);
    const [inbox] = await inboxesOnBoth(admin);
    const id = inbox?.items[0]?.id;
    for (const page of await inboxesOnBoth(admin)) expect(page).toMatchObject({ total: 1, items: [{ subject: "Office block in Wuse" }] });

    expect((await call(`/inquiries/${id}`, { assignedToId: sade.id }, admin.auth, "PUT")).status).toBe(200);
    for (const page of await inboxesOnBoth(admin)) expect(page.items[0]?.assignedTo).toMatchObject({ name: "Sade Ajayi" });
    // "Mine" is whoever asks: the same query, two people.
    for (const page of await inboxesOnBoth(sade, "?assignee=me")) expect(page.total).toBe(1);
    for (const page of await inboxesOnBoth(bola, "?assignee=me")) expect(page.total).toBe(0);

    const projectId = await createProject(admin, { title: "Wuse Office Block" });
    expect((await call(`/inquiries/${id}`, { projectId }, admin.auth, "PUT")).status).toBe(200);
    for (const page of await inboxesOnBoth(admin)) expect(page.items[0]?.project).toMatchObject({ title: "Wuse Office Block" });

    // What the inbox shows of other tables, changed alone by an operator's SQL: the triggers give the new version.
    const { db } = await testDatabase();
    await db.update(users).set({ firstName: "Folasade" }).where(eq(users.id, sade.id));
    for (const page of await inboxesOnBoth(admin)) expect(page.items[0]?.assignedTo).toMatchObject({ name: "Folasade Ajayi" });
    await db.update(projects).set({ title: "Wuse Office Tower" }).where(eq(projects.id, projectId));
    for (const page of await inboxesOnBoth(admin)) expect(page.items[0]?.project).toMatchObject({ title: "Wuse Office Tower" });
    await db.delete(contactInquiries).where(eq(contactInquiries.id, id ?? 0));
    for (const page of await inboxesOnBoth(admin)) expect(page).toMatchObject({ items: [], total: 0 });
  });
});

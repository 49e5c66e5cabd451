import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { INQUIRY_PAGE_SIZE } from "../../../shared/inquiries.js";
import { contactInquiries } from "../../db/schema.js";
import { expectTwoPages } from "../../testing/paging.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { mail, call, people, createProject } = setUpTestServer();
const db = async () => (await testDatabase()).db;

const DENIED = "Access denied. You don't have permission to access this resource.";

async function submitInquiry(subject: string, extra: Record<string, string> = {}) {
  const sent = await call("/contact", {
    name: "Amina Bello",
    email: "amina.bello@example.com",
    subject,
    message: "We would like a quote and a site visit, please.",
    ...extra,
  });
  expect(sent.status).toBe(201);
  const [row] = await (await db()).select().from(contactInquiries).where(eq(contactInquiries.subject, subject));
  if (!row) throw new Error("inquiry not stored");
  return row.id;
}

describe("who may read and handle the inquiries inbox", () => {
  it("lets Secretariat staff and admins read and handle, Digital Marketing only read, and refuses clients and other staff", async () => {
    const id = await submitInquiry("Office block in Wuse");
    const secretariat = await people.staff("sade@crestbuild.ng", "Secretariat");
    const marketing = await people.staff("dayo@crestbuild.ng", "Digital Marketing");
    const projectsStaff = await people.staff("emeka@crestbuild.ng", "Projects");
    const client = await people.client("client@example.com");
    const admin = await people.admin();

    for (const reader of [secretariat, marketing, admin]) {
      const listed = await call("/inquiries", undefined, reader.auth);
      expect(listed.status).toBe(200);
      expect(listed.body.data.items.map((item: { id: number }) => item.id)).toEqual([id]);
      expect((await call(`/inquiries/${id}`, undefined, reader.auth)).status).toBe(200);
      expect((await call("/inquiries/stats", undefined, reader.auth)).status).toBe(200);
    }
    for (const outsider of [client, projectsStaff]) {
      const refused = await call("/inquiries", undefined, outsider.auth);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(DENIED);
      expect((await call(`/inquiries/${id}`, undefined, outsider.auth)).status).toBe(403);
    }
    expect((await call("/inquiries")).status).toBe(401);

    const note = { replyNote: "Called back, site visit on Monday." };
    expect((await call(`/inquiries/${id}`, note, marketing.auth, "PUT")).status).toBe(403);
    expect((await call(`/inquiries/${id}`, note, projectsStaff.auth, "PUT")).status).toBe(403);
    expect((await call(`/inquiries/${id}`, note, secretariat.auth, "PUT")).status).toBe(200);
    expect((await call(`/inquiries/${id}`, { status: "handled" }, admin.auth, "PUT")).status).toBe(200);
  });

  it("answers 404 for an inquiry that does not exist", async () => {
    const admin = await people.admin();
    expect((await call("/inquiries/999", undefined, admin.auth)).status).toBe(404);
    expect((await call("/inquiries/not-a-number", undefined, admin.auth)).status).toBe(404);
    expect((await call("/inquiries/999", { status: "handled" }, admin.auth, "PUT")).status).toBe(404);
  });
});

describe("assigning and handling an inquiry", () => {
  it("assigns to a Business Administration staffer, who is notified in the bell and by email", async () => {
    const id = await submitInquiry("Warehouse in Idu");
    const secretariat = await people.staff("sade@crestbuild.ng", "Secretariat");
    const analyst = await people.staff("bola@crestbuild.ng", "Business Administration");

    const assigned = await call(`/inquiries/${id}`, { assignedToId: analyst.id }, secretariat.auth, "PUT");
    expect(assigned.status).toBe(200);
    expect(assigned.body.data).toMatchObject({
      id,
      status: "assigned",
      assignedTo: { id: analyst.id, name: "Tunde Bakare", department: "Business Administration" },
    });

    const bell = await call("/notifications", undefined, analyst.auth);
    expect(bell.body.data.unread).toBe(1);
    expect(bell.body.data.items[0]).toMatchObject({
      kind: "inquiry_assigned",
      title: "Inquiry assigned to you: Warehouse in Idu",
      link: `/dashboard/inquiries/${id}`,
    });
    expect((await mail().latestTo("bola@crestbuild.ng")).subject).toBe("Inquiry assigned to you: Warehouse in Idu");
    // The one who assigned is not notified of their own act.
    expect((await call("/notifications", undefined, secretariat.auth)).body.data.unread).toBe(0);
  });

  it("refuses to assign to someone outside the inquiry departments, and keeps the inquiry as it was", async () => {
    const id = await submitInquiry("Bridge repair");
    const secretariat = await people.staff("sade@crestbuild.ng", "Secretariat");
    const engineer = await people.staff("emeka@crestbuild.ng", "Projects");
    const client = await people.client("client@example.com");
    for (const outsider of [engineer, client]) {
      const refused = await call(`/inquiries/${id}`, { assignedToId: outsider.id }, secretariat.auth, "PUT");
      expect(refused.status).toBe(400);
      expect(refused.body.fields.assignedToId).toBe(
        "Choose a member of the Secretariat, Executive Assistant or Business Administration, or an administrator.",
      );
    }
    const refused = await call(`/inquiries/${id}`, { status: "assigned" }, secretariat.auth, "PUT");
    expect(refused.body.fields.assignedToId).toBe("Choose who handles this inquiry.");
    const [row] = await (await db()).select().from(contactInquiries).where(eq(contactInquiries.id, id));
    expect(row).toMatchObject({ status: "new", assignedToId: null });
  });

  it("keeps the reply note, and marking handled records when; reopening clears it", async () => {
    const id = await submitInquiry("Fence and gatehouse");
    const assistant = await people.staff("ese@crestbuild.ng", "Executive Assistant");
    const handled = await call(
      `/inquiries/${id}`,
      { assignedToId: assistant.id, status: "handled", replyNote: "Quote sent by email." },
      assistant.auth,
      "PUT",
    );
    expect(handled.status).toBe(200);
    expect(handled.body.data).toMatchObject({ status: "handled", replyNote: "Quote sent by email." });
    expect(Date.parse(handled.body.data.handledAt)).toBeGreaterThan(Date.now() - 60_000);
    // Assigning oneself notifies no one.
    expect((await call("/notifications", undefined, assistant.auth)).body.data.unread).toBe(0);

    const reopened = await call(`/inquiries/${id}`, { status: "assigned" }, assistant.auth, "PUT");
    expect(reopened.body.data).toMatchObject({ status: "assigned", handledAt: null, replyNote: "Quote sent by email." });
  });
});

describe("GET /api/inquiries", () => {
  it("lists newest first, filters by status, assignee and search, and counts each status", async () => {
    const first = await submitInquiry("Duplex in Gwarinpa");
    const second = await submitInquiry("Hotel in Asokoro", { name: "Chidi Okafor", email: "chidi@example.com" });
    const third = await submitInquiry("School renovation in Kubwa");
    const secretariat = await people.staff("sade@crestbuild.ng", "Secretariat");
    await call(`/inquiries/${second}`, { assignedToId: secretariat.id }, secretariat.auth, "PUT");
    await call(`/inquiries/${third}`, { status: "handled" }, secretariat.auth, "PUT");

    const ids = async (query: string) => {
      const { status, body } = await call(`/inquiries${query}`, undefined, secretariat.auth);
      expect(status).toBe(200);
      return body.data.items.map((item: { id: number }) => item.id);
    };
    const all = await call("/inquiries", undefined, secretariat.auth);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, pageSize: 20, pageCount: 1, counts: { new: 1, assigned: 1, handled: 1 } });
    expect(await ids("")).toEqual([third, second, first]);
    expect(await ids("?status=new")).toEqual([first]);
    expect(await ids("?assignee=me")).toEqual([second]);
    expect(await ids(`?assignee=${secretariat.id}`)).toEqual([second]);
    expect(await ids("?assignee=none")).toEqual([third, first]);
    expect(await ids("?search=chidi")).toEqual([second]);
    expect(await ids("?search=renovation")).toEqual([third]);
    // LIKE wildcards typed in the search are searched for, not expanded.
    expect(await ids("?search=%25")).toEqual([]);
    expect(await ids("?search=_")).toEqual([]);

    const searched = await call("/inquiries?search=in%20g&status=handled", undefined, secretariat.auth);
    expect(searched.body.data).toMatchObject({ total: 0, counts: { new: 1, assigned: 0, handled: 0 } });

    const invalid = await call("/inquiries?status=closed", undefined, secretariat.auth);
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields.status).toBe("Unknown status.");
  });

  it("pages by twenty, with the page count", async () => {
    const database = await db();
    await database.insert(contactInquiries).values(
      Array.from({ length: INQUIRY_PAGE_SIZE + 1 }, (_, index) => ({
        name: "Visitor",
        email: `visitor${index}@example.com`,
        subject: `Inquiry ${index}`,
        message: "A message of some length.",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      })),
    );
    const admin = await people.admin();
    const [, second] = await expectTwoPages(call, "/inquiries", INQUIRY_PAGE_SIZE, admin.auth);
    expect(second?.items.map((item: { subject: string }) => item.subject)).toEqual(["Inquiry 0"]);
    expect(second?.counts).toEqual({ new: INQUIRY_PAGE_SIZE + 1, assigned: 0, handled: 0 });
    // Past the last page: empty, with the real total and counts (no row carried them).
    expect((await call("/inquiries?page=3", undefined, admin.auth)).body.data).toMatchObject({
      items: [],
      total: INQUIRY_PAGE_SIZE + 1,
      pageCount: 2,
      counts: { new: INQUIRY_PAGE_SIZE + 1, assigned: 0, handled: 0 },
    });
  });
});

describe("GET /api/inquiries/stats", () => {
  it("counts by status, this month's new ones, and the inquiries converted into projects", async () => {
    const converted = await submitInquiry("Estate of twelve houses");
    await submitInquiry("Just asking");
    await (await db()).insert(contactInquiries).values({
      name: "Old lead",
      email: "old@example.com",
      subject: "Last year's question",
      message: "An inquiry from long ago.",
      status: "handled",
      createdAt: new Date(Date.UTC(2020, 5, 1)),
    });
    const projectId = await createProject(await people.admin(), { title: "Maitama duplex", reference: "CB-2026-001" });
    const business = await people.staff("bola@crestbuild.ng", "Business Administration");

    const missing = await call(`/inquiries/${converted}`, { projectId: projectId + 100 }, business.auth, "PUT");
    expect(missing.status).toBe(400);
    expect(missing.body.fields.projectId).toBe("That project does not exist.");

    const linked = await call(`/inquiries/${converted}`, { projectId, status: "handled" }, business.auth, "PUT");
    expect(linked.body.data.project).toEqual({ id: projectId, reference: "CB-2026-001", title: "Maitama duplex" });

    const { status, body } = await call("/inquiries/stats", undefined, business.auth);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      byStatus: { new: 1, assigned: 0, handled: 2 },
      total: 3,
      newThisMonth: 2,
      converted: 1,
      conversionRate: 0.333,
    });
  });
});

import { describe, expect, it } from "vitest";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, people, createProject } = setUpTestServer();

// The bodies of a new project, the client's consent and the client's invitation are checked by the routes' schemas:
// who may not act is still told so before anything about what they sent.
describe("bodies checked before the handler, refusals in the same order", () => {
  it("refuses staff outside the project office a new project with 403, whatever the body", async () => {
    const hr = await people.staff("hr-bodies@crestbuild.ng", "HR");
    expect((await call("/projects", { title: "" }, hr.auth)).status).toBe(403);
    const office = await people.staff("office-bodies@crestbuild.ng", "Projects");
    const refused = await call("/projects", { title: "", description: "A house.", category: "residential", city: "Abuja" }, office.auth);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ title: "The title needs at least 3 characters." });
  });

  it("keeps only a client's own fields of their request", async () => {
    const client = await people.client("bodies-client@example.com");
    const asked = await call(
      "/projects",
      {
        title: "Our bungalow",
        description: "Three bedrooms.",
        category: "residential",
        city: "Abuja",
        status: "completed",
        budgetKobo: 5,
        teamIds: [],
      },
      client.auth,
    );
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({ status: "requested", client: { id: client.id }, progress: 0 });
  });

  it("answers 404 before any 400 for a project the caller may not read, and 403 for the invitation of a non-office reader", async () => {
    const admin = await people.admin();
    const owner = await people.client("bodies-owner@example.com");
    const stranger = await people.client("bodies-stranger@example.com");
    const projectId = await createProject(admin, { clientId: owner.id });
    expect((await call(`/projects/${projectId}/portfolio-consent`, { consent: "yes" }, stranger.auth, "PUT")).status).toBe(404);
    expect((await call(`/projects/not-a-number/portfolio-consent`, { consent: "yes" }, owner.auth, "PUT")).status).toBe(404);
    const wrong = await call(`/projects/${projectId}/portfolio-consent`, { consent: "yes" }, owner.auth, "PUT");
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ consent: "Say whether you agree: true or false." });
    expect((await call(`/projects/${projectId}/invitations`, { email: "x" }, stranger.auth)).status).toBe(404);
    expect((await call(`/projects/${projectId}/invitations`, { email: "x" }, owner.auth)).status).toBe(403);
    const unowned = await createProject(admin);
    const badInvite = await call(`/projects/${unowned}/invitations`, { name: "", email: "x" }, admin.auth);
    expect(badInvite.status).toBe(400);
    expect(Object.keys(badInvite.body.fields).sort()).toEqual(["email", "name"]);
  });
});

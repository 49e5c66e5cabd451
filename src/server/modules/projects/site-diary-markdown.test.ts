import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { projectUpdates } from "../../db/schema.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, upload, people, createProject, projectConversation } = setUpTestServer();
let admin: SignedIn;
beforeEach(async () => {
  admin = await people.admin();
});

// As a browser's form sends it: line breaks as CRLF.
const entry = "**Note:** the slab was poured.\r\n\r\n- cubes taken\r\n- curing under _hessian_";

describe("Markdown in the site diary and wherever it is shown", () => {
  it("renders a diary entry when it is written and keeps the HTML beside its source", async () => {
    const client = await people.client("diary-client@example.com");
    const projectId = await createProject(admin, { clientId: client.id });
    const posted = await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: entry });
    expect(posted.status).toBe(201);
    const html =
      "<p><strong>Note:</strong> the slab was poured.</p>\n<ul>\n<li>cubes taken</li>\n<li>curing under <em>hessian</em></li>\n</ul>\n";
    expect(posted.body.data).toMatchObject({ body: entry, bodyHtml: html });
    const [stored] = await (await testDatabase()).db
      .select({ bodyHtml: projectUpdates.bodyHtml })
      .from(projectUpdates)
      .where(eq(projectUpdates.id, posted.body.data.id));
    expect(stored?.bodyHtml).toBe(html);
    const listed = (await call(`/projects/${projectId}/updates`, undefined, client.auth)).body.data.items;
    expect(listed[0]).toMatchObject({ body: entry, bodyHtml: html });
  });

  it("sanitises what a diary entry renders, and renders an entry written before the HTML was kept", async () => {
    const projectId = await createProject(admin);
    const posted = await upload(`/projects/${projectId}/updates`, [], admin.auth, {
      body: '<script>alert(1)</script><img src=x onerror="alert(2)">\n\n[x](javascript:alert(3)) **ok**',
    });
    expect(posted.body.data.bodyHtml).not.toMatch(/<script|<img|onerror|href="javascript:/i);
    expect(posted.body.data.bodyHtml).toContain("<strong>ok</strong>");
    const db = (await testDatabase()).db;
    await db.insert(projectUpdates).values({ projectId, authorId: admin.id, body: "Old *entry*" });
    await db.insert(projectUpdates).values({ projectId, authorId: admin.id, body: `${">".repeat(3000)} broken` });
    const items = (await call(`/projects/${projectId}/updates`, undefined, admin.auth)).body.data.items;
    expect(items[1].bodyHtml).toBe("<p>Old <em>entry</em></p>\n");
    expect(items[0].bodyHtml).toBe(`<p>${"&#62;".repeat(3000)} broken</p>`);
  });

  it("shows previews as plain text: the latest updates, the notification and the conversations list", async () => {
    const client = await people.client("feed-client@example.com");
    const projectId = await createProject(admin, { clientId: client.id, title: "Maitama Villa" });
    await upload(`/projects/${projectId}/updates`, [], admin.auth, { body: entry });

    const feed = (await call("/projects/feed", undefined, client.auth)).body.data;
    expect(feed.updates[0]).toMatchObject({ projectId, body: "Note: the slab was poured. - cubes taken - curing under hessian" });

    const bell = (await call("/notifications", undefined, client.auth)).body.data.items;
    expect(bell).toContainEqual(
      expect.objectContaining({
        kind: "project_update",
        title: "New site update on Maitama Villa",
        body: "Note: the slab was poured. - cubes taken - curing under hessian",
      }),
    );
  });

  it("previews the last message of a conversation without its Markdown marks", async () => {
    const { manager, client, conversationId } = await projectConversation("Guzape villa", "manager");
    await call(
      `/conversations/${conversationId}/messages`,
      { body: "**Note:** the `invoice` is [here](https://example.com)\n> ok" },
      manager.auth,
    );
    const list = (await call("/conversations", undefined, client.auth)).body.data;
    expect(list.items[0]).toMatchObject({ id: conversationId, lastMessage: { excerpt: "Note: the invoice is here ok" } });
  });
});

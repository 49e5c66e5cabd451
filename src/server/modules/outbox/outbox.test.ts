import { describe, expect, it } from "vitest";
import { person } from "../../testing/accounts.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTestServer } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

describe("GET /api/admin/outbox", () => {
  it("lets an admin read a code that could not be delivered without SMTP_URL, newest first", async () => {
    const admin = await people.admin();
    const withoutSmtp = await startTestServer({ SMTP_URL: "" }, { keepData: true });
    try {
      const registered = await fetch(withoutSmtp.url("/api/auth/register"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(person("first-staff@example.com")),
      });
      expect(registered.status).toBe(201);
    } finally {
      await withoutSmtp.close();
    }
    const outbox = await call("/admin/outbox", undefined, admin.auth);
    expect(outbox.status).toBe(200);
    const [newest] = outbox.body.data.items;
    expect(newest).toMatchObject({ to: "first-staff@example.com", transport: "log", sentAt: null });
    expect(newest.text).toMatch(/code is \d{6}/);
  });

  it("is for admins only, and refuses a page number beyond its bound with 400", async () => {
    const admin = await people.admin();
    const staff = await people.staff("kemi@crestbuild.ng", "Admin");
    const client = await people.client("client@example.com");
    expect((await call("/admin/outbox")).status).toBe(401);
    for (const refused of [staff, client]) expect((await call("/admin/outbox", undefined, refused.auth)).status).toBe(403);
    expect((await call("/admin/outbox?page=99999999999", undefined, admin.auth)).status).toBe(400);
  });
});

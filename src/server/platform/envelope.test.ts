import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { startTestServer, testDatabase } from "../testing/test-app.js";

// Raw HTTP here (not call()): these tests read the envelope exactly as sent.
const { server } = setUpTestServer({}, { once: true });

describe("the API envelope", () => {
  it("wraps data as { success, data, message, error }", async () => {
    const response = await fetch(server().url("/api/services"));
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["data", "error", "message", "success"]);
    expect(body.success).toBe(true);
    expect(Array.isArray(body.data)).toBe(true);
  });

  it("answers an unknown /api path with a 404 envelope naming it", async () => {
    const response = await fetch(server().url("/api/no/such/thing?x=1"));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      success: false,
      data: null,
      message: "API endpoint not found: /api/no/such/thing. The requested resource may not exist on the server.",
      error: "not_found",
    });
  });

  it("answers malformed JSON with 400", async () => {
    const response = await fetch(server().url("/api/contact"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ name: ",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, message: "The request body is not valid JSON.", error: "invalid_json" });
  });

  it("answers a body over 1 MiB with 413", async () => {
    const response = await fetch(server().url("/api/contact"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "x".repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, message: "The request is too large.", error: "payload_too_large" });
  });

  it("answers an unknown record with a 404 envelope", async () => {
    const response = await fetch(server().url("/api/blog/posts/no-such-post"));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, data: null, message: "Blog post was not found." });
  });

  it("answers a server failure with 500 and a generic message, keeping the details in the log", async () => {
    const logLines: string[] = [];
    const failing = await startTestServer({ LOG_LEVEL: "error" }, { logStream: { write: (line) => logLines.push(line) } });
    // Break the database under the running app: the services query then hits a missing table.
    const database = await testDatabase();
    await database.db.execute(sql`alter table services rename to services_gone`);
    try {
      const response = await fetch(failing.url("/api/services"));
      expect(response.status).toBe(500);
      const body = await response.json();
      expect(body).toEqual({
        success: false,
        data: null,
        message: "Something went wrong on our side. Please try again in a moment.",
        error: "internal_error",
      });
      const logged = logLines.join("");
      expect(logged).toContain("services");
      expect(logged).toMatch(/"reqId":"[0-9a-f-]{36}"/);
    } finally {
      await database.db.execute(sql`alter table services_gone rename to services`);
      await failing.close();
    }
  });
});

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { productWording } from "../../shared/wording.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { testDatabase } from "../testing/test-app.js";

// Every log line of the server, to read back what reached the log (info: requests and refusals too).
const logLines: string[] = [];
const { server, call, people, upload, projectConversation } = setUpTestServer(
  { LOG_LEVEL: "info" },
  { once: true, logStream: { write: (line) => logLines.push(line) } },
);

const logged = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The envelope of a NUL refused in `field`. */
const nulRefused = (field: string) => ({
  success: false,
  data: null,
  message: productWording.validationFailed,
  error: "validation_failed",
  fields: { [field]: productWording.nulCharacter },
});

describe("a NUL character in the input", () => {
  it("answers 400 with the envelope for a body field, a nested key, a query parameter and a path parameter, on public and signed-in routes", async () => {
    const admin = await people.admin();
    const client = await people.client("nul@example.com");
    const contact = {
      name: "Ada\u0000Obi",
      email: "ada@example.com",
      subject: "A duplex",
      message: "Please call me about a duplex in Maitama.",
    };
    const answers = [
      { field: "name", answer: await call("/contact", contact) },
      { field: "firstName", answer: await call("/auth/profile", { firstName: "Tunde\u0000" }, client.auth, "PUT") },
      {
        field: "preferences.a\u0000b",
        answer: await call("/users/me/notification-preferences", { preferences: { "a\u0000b": 1 } }, client.auth, "PUT"),
      },
      { field: "search", answer: await call("/admin/users?search=a%00b", undefined, admin.auth) },
      { field: "email", answer: await call("/admin/security/events?email=x%00y", undefined, admin.auth) },
      { field: "category", answer: await call("/portfolio?category=%00") },
      { field: "slug", answer: await call("/blog/posts/a%00b") },
      { field: "department", answer: await call("/conversations/department/HR%00", undefined, admin.auth) },
      { field: "provider", answer: await call("/auth/oidc/a%00b/start") },
    ];
    for (const { field, answer } of answers) {
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
      expect(answer.body).toEqual(nulRefused(field));
    }
  });

  it("looks through a body nested half a million arrays deep without failing, and finds a NUL at its bottom", async () => {
    const depth = 500_000;
    const deep = (inner: string) => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
    const post = (body: string) =>
      fetch(server().url("/api/contact"), { method: "POST", headers: { "content-type": "application/json" }, body });
    const plain = await post(deep(""));
    expect(plain.status).toBe(400);
    expect(await plain.json()).toMatchObject({ error: "validation_failed" });
    const withNul = await post(deep('"\\u0000"'));
    expect(withNul.status).toBe(400);
    expect(Object.values((await withNul.json()).fields)).toEqual([productWording.nulCharacter]);
  });

  it("answers 400, not 500, when a multipart field holds one (the database refuses it, never the request)", async () => {
    const { manager, conversationId } = await projectConversation("Gwarinpa duplex", "manager");
    const answer = await upload(`/conversations/${conversationId}/messages`, [], manager.auth, { body: "Slab\u0000poured" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, error: "validation_failed", message: productWording.validationFailed });
  });
});

describe("what reaches the log", () => {
  it("keeps a failed query's SQL but not the values it was given", async () => {
    const { db } = await testDatabase();
    // Break the table under the running app: the inquiry's insert fails with what the visitor typed as parameters.
    await db.execute(sql`alter table contact_inquiries rename to contact_inquiries_gone`);
    try {
      const answer = await call("/contact", {
        name: "Needle Okafor",
        email: "needle-4711@example.com",
        subject: "A duplex",
        message: "Please call me about a duplex in Maitama.",
      });
      expect(answer.status).toBe(500);
    } finally {
      await db.execute(sql`alter table contact_inquiries_gone rename to contact_inquiries`);
    }
    const failure = logged().find((line) => JSON.stringify(line).includes("Failed query"));
    expect(JSON.stringify(failure)).toContain("insert into");
    expect(JSON.stringify(failure)).toContain("contact_inquiries");
    expect(logLines.join("")).not.toContain("needle-4711");
    expect(logLines.join("")).not.toContain("Needle Okafor");
    expect(logLines.join("")).not.toContain("params:");
  });

  it("names each request by an id of its own, whatever X-Request-Id the client sends", async () => {
    for (let i = 0; i < 3; i++) await fetch(server().url("/api/services"), { headers: { "x-request-id": "forged-request-id" } });
    const lines = logged().filter((line) => JSON.stringify(line).includes("/api/services"));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(logLines.join("")).not.toContain("forged-request-id");
    const ids = new Set(lines.map((line) => line.reqId));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids.size).toBeGreaterThanOrEqual(3);
  });

  it("still gives a rendered page's own API calls the page's id", async () => {
    const response = await fetch(server().url("/about?log-check=1"), { headers: { "x-request-id": "forged-page-id" } });
    expect(response.status).toBe(200);
    const lines = logged();
    const page = lines.find((line) => (line.req as { url?: string } | undefined)?.url === "/about?log-check=1");
    expect(page?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    const apiCalls = lines.filter(
      (line) => line.reqId === page?.reqId && (line.req as { url?: string } | undefined)?.url?.startsWith("/api/"),
    );
    expect(apiCalls.length).toBeGreaterThan(0);
  });
});

/** Every route of the running app as "METHOD /path", read from Fastify's own route tree. */
function registeredRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) routes.push({ method, path: stack.join("") });
  }
  return routes;
}

describe("caching of API answers", () => {
  it("marks every signed-in answer of every registered /api route no-store", async () => {
    const admin = await people.admin();
    const routes = registeredRoutes(server().app.printRoutes({ commonPrefix: false })).filter(
      // Signing out would end the session the walk goes on with.
      ({ method, path }) => path.startsWith("/api/") && method !== "HEAD" && !/logout|sign-out/.test(path),
    );
    expect(routes.length).toBeGreaterThan(100);
    const unmarked: string[] = [];
    for (const { method, path } of routes) {
      const url = path.replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "anything");
      const response = await fetch(server().url(url), {
        method,
        redirect: "manual",
        headers: { ...admin.auth, ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }) },
        body: method === "GET" || method === "DELETE" ? undefined : "{}",
      });
      await response.arrayBuffer();
      if (response.headers.get("cache-control") !== "no-store")
        unmarked.push(`${method} ${path}: ${response.headers.get("cache-control")}`);
    }
    expect(unmarked).toEqual([]);
    // The walk was signed in throughout: the session still opens the profile.
    expect((await call("/auth/profile", undefined, admin.auth)).status).toBe(200);
  });
});

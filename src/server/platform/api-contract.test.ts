import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenAPIV3_1 } from "openapi-types";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths.js";
import { ADMIN_PASSWORD } from "../testing/people.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";

const { server, call, people, createProject } = setUpTestServer({}, { once: true });

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every route the modules register under /api, read from their source: `app.get("/path"`, as OpenAPI writes it. */
function routesInSource(): string[] {
  const modulesDir = path.join(projectRoot, "src/server/modules");
  const files = readdirSync(modulesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // The sitemap and robots.txt live at the site's root, not under /api.
    .filter((file) => !file.includes(`${path.sep}seo${path.sep}`));
  return files.flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/\.(get|post|put|patch|delete)\(\s*"(\/[^"]*)"/g)].map(
      ([, method, route]) => `${method?.toUpperCase()} /api${route?.replace(/:(\w+)/g, "{$1}")}`,
    ),
  );
}

/**
 * The routes whose success is not a JSON envelope, so that they declare no answer: each with why. Any other route
 * that declares none fails the test below.
 */
const NOT_JSON: Record<string, string> = {
  "GET /api/auth/oidc/{provider}/start": "a redirect to the identity provider",
  "GET /api/auth/oidc/{provider}/callback": "a redirect back to the portal",
  "GET /api/users/me/export": "a file to download",
  "GET /api/admin/users.csv": "a CSV file",
  "GET /api/admin/security/events.csv": "a CSV file",
  "GET /api/projects/{id}/boq.xlsx": "an XLSX file",
  "GET /api/projects/{id}/valuations/{valuationId}/certificate.pdf": "an interim certificate's PDF",
  "GET /api/projects/{id}/invoices/{invoiceId}/invoice.pdf": "an invoice's PDF",
  "GET /api/projects/{id}/statement.pdf": "the statement of account's PDF",
  "GET /api/projects/{id}/statement.csv": "the statement's lines as CSV",
  "GET /api/projects/{id}/payments/{paymentId}/proof": "the proof of payment as sent",
  "GET /api/projects/{id}/payments/{paymentId}/receipt.pdf": "a receipt's PDF",
  "DELETE /api/projects/{id}/payers/{userId}": "204, no body",
  "GET /api/projects/{id}/documents/{documentId}/download": "the document's file",
  "GET /api/media/projects/{id}/{file}": "a photo or a video",
  "GET /api/projects/{id}/photo-points/{pointId}/timelapse": "an animated WebP",
  "GET /api/projects/{id}/reports/{reportId}": "a weekly report's PDF",
  "GET /api/reports/{token}": "a weekly report's PDF by an email's link (an HTML page when the link fails)",
  "GET /api/reports/unsubscribe/{token}": "an HTML page, opened from an email",
  "POST /api/reports/unsubscribe/{token}": "an HTML page, posted by the page's button",
  "GET /api/media/messages/{id}/{file}": "a message's attachment",
  "GET /api/realtime": "a WebSocket",
  "DELETE /api/projects/{id}": "204 without a body",
  "DELETE /api/projects/{id}/images/{photoId}": "204 without a body",
  "DELETE /api/projects/{id}/videos/{videoId}": "204 without a body",
  "DELETE /api/projects/{id}/documents/{documentId}": "204 without a body",
  "DELETE /api/projects/{id}/payment-stages/{stageId}": "204 without a body",
  "POST /api/uploads": "tus: 201 with the upload's Location, no body",
  "PATCH /api/uploads/{uploadId}": "tus: 204 with the new Upload-Offset",
  "DELETE /api/uploads/{uploadId}": "tus termination: 204 without a body",
};

type Operation = OpenAPIV3_1.OperationObject;

/** Every operation of the document as "METHOD /path". */
function operationsOf(document: OpenAPIV3_1.Document): [string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    METHODS.flatMap((method) =>
      item?.[method] ? [[`${method.toUpperCase()} ${route}`, item[method] as Operation] as [string, Operation]] : [],
    ),
  );
}

/** The JSON schema of an operation's successful answer, if it declares one. */
function successSchema(operation: Operation): { status: string; schema: object } | null {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const schema = (response as OpenAPIV3_1.ResponseObject).content?.["application/json"]?.schema;
    if (status.startsWith("2") && schema) return { status, schema };
  }
  return null;
}

async function openApiDocument(): Promise<OpenAPIV3_1.Document> {
  const admin = await people.admin();
  const answer = await fetch(server().url("/api/openapi.json"), { headers: admin.auth });
  expect(answer.status).toBe(200);
  return (await answer.json()) as OpenAPIV3_1.Document;
}

describe("the API's OpenAPI document", () => {
  it("lists every route the modules register, and no page or file route", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    const documented = Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => `${method.toUpperCase()} ${route}`),
    );
    const inSource = routesInSource();
    expect(inSource.length).toBeGreaterThan(140);
    expect(inSource.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !route.split(" ")[1]?.startsWith("/api/"))).toEqual([]);
  });

  it("marks the routes that need a signed-in person, and declares the body and answer of the converted ones", async () => {
    const paths = (await openApiDocument()).paths ?? {};
    expect(paths["/api/notifications"]?.get?.security).toEqual([{ accessToken: [] }]);
    const contact = paths["/api/contact"]?.post;
    if (!contact) throw new Error("POST /api/contact is not in the document");
    expect(contact.security).toBeUndefined();
    const body = (contact.requestBody as OpenAPIV3_1.RequestBodyObject).content["application/json"]?.schema as OpenAPIV3_1.SchemaObject;
    expect(body.required).toEqual(expect.arrayContaining(["name", "email", "subject", "message"]));
    expect((contact.responses["201"] as OpenAPIV3_1.ResponseObject).content?.["application/json"]?.schema).toMatchObject({
      properties: { success: { type: "boolean", enum: [true] }, data: { type: "null" } },
    });
  });

  it("declares the answer of every route that answers JSON", async () => {
    const operations = operationsOf(await openApiDocument());
    const undeclared = operations.filter(([route, operation]) => !(route in NOT_JSON) && !successSchema(operation)).map(([route]) => route);
    expect(undeclared).toEqual([]);
    // No exemption outlives its route.
    expect(Object.keys(NOT_JSON).filter((route) => !operations.some(([documented]) => documented === route))).toEqual([]);
  });

  it("answers as its document says: every GET an admin can call, on a project with a photo, validates against its schema", async () => {
    const document = await openApiDocument();
    const admin = await people.admin();
    const projectId = await createProject(admin, { title: "Contract house" });
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#a0522d" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("source", "camera");
    form.append("capturedAt", new Date().toISOString());
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "wall.jpg");
    const uploaded = await fetch(server().url(`/api/projects/${projectId}/images`), { method: "POST", headers: admin.auth, body: form });
    expect(uploaded.status).toBe(201);

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const checked: string[] = [];
    const failures: string[] = [];
    for (const [route, operation] of operationsOf(document)) {
      const declared = successSchema(operation);
      const [method, template = ""] = route.split(" ");
      if (method !== "GET" || !declared) continue;
      const path = template.replace("/api/projects/{id}", `/api/projects/${projectId}`);
      if (path.includes("{")) continue;
      const answer = await fetch(server().url(path), { headers: admin.auth });
      // An answer its schema refuses is a 500 (the serialiser's): a route that needs a query answers 400 instead.
      if (answer.status >= 500) failures.push(`${route}: ${answer.status}`);
      if (String(answer.status) !== declared.status) continue;
      const validate = ajv.compile({ ...declared.schema, components: document.components });
      if (!validate(await answer.json())) failures.push(`${route}: ${ajv.errorsText(validate.errors)}`);
      checked.push(route);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(40);
    expect(checked).toContain("GET /api/projects/{id}/images");
  });

  it("is for admins only outside npm run dev: 401 without a token, 403 for anyone else", async () => {
    expect((await fetch(server().url("/api/openapi.json"))).status).toBe(401);
    expect((await fetch(server().url("/api/docs"))).status).toBe(401);
    const client = await people.client("reader@example.com");
    expect((await fetch(server().url("/api/openapi.json"), { headers: client.auth })).status).toBe(403);
  });

  it("reads as one page at /api/docs, with no script, for an admin's browser by the cookie its sign-in set", async () => {
    const admin = await people.admin();
    // As the browser signs in: the tokens come as cookies, each to its own path.
    const checked = await call("/auth/verify-credentials", { email: admin.email, password: ADMIN_PASSWORD });
    const completed = await call("/auth/complete-login", { userId: checked.body.data.userId, ticket: checked.body.data.ticket });
    const docsCookie = completed.headers.getSetCookie().find((line) => line.startsWith("cb_docs=")) ?? "";
    expect(docsCookie).toMatch(/; Path=\/api\/docs; HttpOnly; .*SameSite=Strict$/);
    const page = await fetch(server().url("/api/docs"), { headers: { cookie: docsCookie.split(";")[0] ?? "" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain("<code>POST /api/contact</code>");
    expect(html).not.toContain("<script");
  });

  it("refuses a wrong body before the handler with the same envelope and wording as before", async () => {
    const refused = await call("/contact", { name: "", email: "not an email", subject: "A quote", message: "" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      data: null,
      message: "Please correct the highlighted fields.",
      error: "validation_failed",
    });
    expect(Object.keys(refused.body.fields).sort()).toEqual(["email", "message", "name"]);
    const empty = await call("/contact", undefined, {}, "POST");
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toHaveProperty("email");
  });
});

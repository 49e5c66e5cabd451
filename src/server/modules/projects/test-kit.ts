import sharp from "sharp";
import { expect } from "vitest";
import { accountsClient } from "../../testing/accounts.js";
import type { startMailCatcher } from "../../testing/mail-catcher.js";
import { type TestServer, testDatabase } from "../../testing/test-app.js";
import { createAdmin } from "../auth/create-admin.js";

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** A signed-in person of a test. */
export type Actor = { id: string; email: string; token: string };

export type Answer = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: each endpoint answers its own shape; every test asserts the parts it reads.
  body: { success: boolean; data: any; message: string | null; error: string | null; fields?: Record<string, string> };
  raw: Buffer;
};

export type UploadFile = { field: string; name: string; type: string; data: Buffer };

const ADMIN_PASSWORD = "Zuma-rock-2026!";

/** People, projects and uploads for the projects API tests, over real HTTP. */
export function projectsTestKit(server: () => TestServer, mail: () => MailCatcher) {
  const accounts = accountsClient(server, mail);

  async function answer(response: Response): Promise<Answer> {
    const raw = Buffer.from(await response.arrayBuffer());
    const isJson = response.headers.get("content-type")?.includes("application/json");
    return {
      status: response.status,
      headers: response.headers,
      body: isJson && raw.length > 0 ? JSON.parse(raw.toString("utf8")) : null,
      raw,
    };
  }

  /** Calls /api<path> as an actor (or anonymously), with a JSON body when given. */
  async function api(actor: Actor | null, method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = actor ? { authorization: `Bearer ${actor.token}` } : {};
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(server().url(`/api${path}`), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer(response);
  }

  /** Posts a multipart form: files and text fields (a field given several values repeats, in order). */
  async function upload(actor: Actor, path: string, files: readonly UploadFile[], fields: Record<string, string | string[]> = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const response = await fetch(server().url(`/api${path}`), {
      method: "POST",
      headers: { authorization: `Bearer ${actor.token}` },
      body: form,
    });
    return answer(response);
  }

  async function admin(email = "admin@crestbuild.ng"): Promise<Actor> {
    const created = await createAdmin((await testDatabase()).db, { email, firstName: "Amaka", lastName: "Obi", password: ADMIN_PASSWORD });
    return { id: created.id, email, token: (await accounts.signIn(email, ADMIN_PASSWORD)).accessToken };
  }

  async function client(
    email: string,
    name: { firstName: string; lastName: string } = { firstName: "Tunde", lastName: "Bakare" },
  ): Promise<Actor> {
    const id = await accounts.registerVerified(email, name);
    return { id, email, token: (await accounts.signIn(email)).accessToken };
  }

  /** A staff member of a department, approved by the admin. */
  async function staff(email: string, department: string, approver: Actor, name = { firstName: "Ngozi", lastName: "Eze" }): Promise<Actor> {
    const id = await accounts.registerVerified(email, { ...name, isStaff: true, department });
    expect((await api(approver, "POST", `/admin/users/${id}/approve`, {})).status).toBe(200);
    return { id, email, token: (await accounts.signIn(email)).accessToken };
  }

  /** Creates a project as the project office (or an admin) and answers its id. */
  async function createProject(by: Actor, fields: Record<string, unknown> = {}): Promise<number> {
    const created = await api(by, "POST", "/projects", {
      title: "Gwarinpa Family Duplex",
      description: "A four-bedroom duplex with a boys' quarters.",
      category: "residential",
      city: "Abuja",
      state: "FCT",
      status: "in_progress",
      budgetKobo: 85_000_000_00,
      ...fields,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data.id;
  }

  return { api, upload, admin, client, staff, createProject };
}

/** A phone photo: JPEG with the camera's make and GPS position in its EXIF. */
export const jpegWithGps = (width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#7C5841" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 0/1" },
    })
    .toBuffer();

export const pngImage = () =>
  sharp({ create: { width: 500, height: 500, channels: 4, background: "#051822" } })
    .png()
    .toBuffer();

export const svgImage = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

export const photo = (data: Buffer, name = "site.jpg", type = "image/jpeg"): UploadFile => ({ field: "images", name, type, data });

export const pdfBytes = () => Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

export const pdfDocument = (name = "contract.pdf"): UploadFile => ({ field: "document", name, type: "application/pdf", data: pdfBytes() });

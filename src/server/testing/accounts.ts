import { expect } from "vitest";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../shared/auth.js";
import { codeIn, type MailCatcher } from "./mail-catcher.js";
import type { ServerAddress } from "./test-app.js";

export type ApiAnswer = {
  status: number;
  headers: Headers;
  /** The envelope. Reading it throws when the answer is not JSON (a 204, a downloaded file): read raw then. */
  // biome-ignore lint/suspicious/noExplicitAny: each endpoint answers its own shape; every test asserts the parts it reads.
  body: { success: boolean; data: any; message: string | null; error: string | null; fields: Record<string, string> };
  /** The bytes of the answer, as sent. */
  raw: Buffer;
};

/** A file of a multipart upload: the form field it goes in, its name and declared type, its bytes. */
export type UploadFile = { field: string; name: string; type: string; data: Buffer };

export const TEST_PASSWORD = "harmattan-2026";

// Sent with every request; the security log records it (auth.test.ts reads it back).
const USER_AGENT = "auth-test";

/** A registration payload for a test person. */
export const person = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Tunde",
  lastName: "Bakare",
  email,
  phone: "+234 803 000 1111",
  location: "Gwarinpa, Abuja",
  company: "Bakare Holdings",
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  ...extra,
});

async function answerOf(request: string, response: Response): Promise<ApiAnswer> {
  const raw = Buffer.from(await response.arrayBuffer());
  const isJson = raw.length > 0 && (response.headers.get("content-type") ?? "").includes("application/json");
  const body = isJson ? JSON.parse(raw.toString("utf8")) : undefined;
  return {
    status: response.status,
    headers: response.headers,
    raw,
    get body() {
      if (!isJson) throw new Error(`${request} answered ${response.status} without JSON: read raw instead`);
      return body;
    },
  };
}

/** Calls the API of a running test server over HTTP (JSON and multipart), and walks accounts through registration and sign-in. */
export function accountsClient(server: () => ServerAddress, mail: () => MailCatcher) {
  /** Calls /api<path>: GET without a body and POST with one, unless a method is given. */
  async function call(path: string, body?: unknown, headers: Record<string, string> = {}, method?: string): Promise<ApiAnswer> {
    const verb = method ?? (body === undefined ? "GET" : "POST");
    const response = await fetch(server().url(`/api${path}`), {
      method: verb,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), "user-agent": USER_AGENT, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answerOf(`${verb} ${path}`, response);
  }

  /** Posts a multipart form to /api<path>: the text fields (a field given several values repeats, in order), then the files. */
  async function upload(
    path: string,
    files: readonly UploadFile[],
    headers: Record<string, string> = {},
    fields: Record<string, string | string[]> = {},
  ): Promise<ApiAnswer> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const response = await fetch(server().url(`/api${path}`), {
      method: "POST",
      headers: { "user-agent": USER_AGENT, ...headers },
      body: form,
    });
    return answerOf(`upload to ${path}`, response);
  }

  /** Registers and confirms the email with the code read from the real email. */
  async function registerVerified(email: string, extra: Record<string, unknown> = {}) {
    const registered = await call("/auth/register", person(email, extra));
    expect(registered.status).toBe(201);
    const code = codeIn(await mail().latestTo(email));
    expect((await call("/auth/verify-otp", { email, code })).status).toBe(200);
    return registered.body.data.userId as string;
  }

  async function signIn(email: string, password = TEST_PASSWORD) {
    const checked = await call("/auth/verify-credentials", { email, password });
    expect(checked.status).toBe(200);
    // As an API client, so the tests can follow the session with the refresh token.
    const completed = await call(
      "/auth/complete-login",
      { userId: checked.body.data.userId, ticket: checked.body.data.ticket },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body" },
    );
    expect(completed.status).toBe(200);
    return completed.body.data as { user: { id: string }; dashboard: string; accessToken: string; refreshToken: string };
  }

  return { call, upload, registerVerified, signIn };
}

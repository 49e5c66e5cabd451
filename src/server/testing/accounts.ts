import { expect } from "vitest";
import { codeIn, type startMailCatcher } from "./mail-catcher.js";
import type { TestServer } from "./test-app.js";

type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export type ApiAnswer = {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: each endpoint answers its own shape; every test asserts the parts it reads.
  body: { success: boolean; data: any; message: string | null; error: string | null; fields: Record<string, string> };
};

export const TEST_PASSWORD = "harmattan-2026";

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

/** Calls the API of a running test server over HTTP, and walks accounts through registration and sign-in. */
export function accountsClient(server: () => TestServer, mail: () => MailCatcher) {
  async function call(path: string, body?: unknown, headers: Record<string, string> = {}, method?: string): Promise<ApiAnswer> {
    const response = await fetch(server().url(`/api${path}`), {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: { "content-type": "application/json", "user-agent": "auth-test", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
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
    const completed = await call("/auth/complete-login", { userId: checked.body.data.userId, ticket: checked.body.data.ticket });
    expect(completed.status).toBe(200);
    return completed.body.data as { user: { id: string }; dashboard: string; accessToken: string; refreshToken: string };
  }

  return { call, registerVerified, signIn };
}

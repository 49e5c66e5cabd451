import type { APIRequestContext, Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import { codeFromLatestMail } from "./mail-server";
import { E2E_ADMIN } from "./site-under-test";

export const PASSWORD = "harmattan-2026";

/** A unique address per run, so journeys never meet each other's accounts. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Fills the sign-up form; staff choose their department. Ends on the email confirmation screen. */
export async function register(page: Page, email: string, options: { department?: string; firstName?: string } = {}) {
  await page.goto("/register");
  await waitForHydration(page);
  await page.getByLabel("First name").fill(options.firstName ?? "Zainab");
  await page.getByLabel("Last name").fill("Lawal");
  await page.getByLabel("Email", { exact: true }).fill(email);
  if (options.department) {
    await page.getByLabel("I am a Crestbuild staff member").check();
    await page.getByLabel("Department").selectOption(options.department);
  }
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify-email/);
}

/** Types the code from the confirmation email, read from the SMTP server the site sends to. */
export async function verifyFromEmail(page: Page, email: string) {
  const code = await codeFromLatestMail(email, "verification code");
  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Confirm email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  // The sign-in screen renders in the browser (as a transition): type and click once it is the page's screen.
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A confirmed client account, signed in, on its dashboard. */
export async function signedInClient(page: Page, name: string) {
  const email = uniqueEmail(name);
  await register(page, email);
  await verifyFromEmail(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL("/dashboard");
  return email;
}

export async function signOut(page: Page) {
  // A reloaded /dashboard is drawn by the server for its viewer (decision 111): its menu opens once its scripts have run.
  await waitForHydration(page);
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/login");
}

/** Calls the site's API directly (a journey's set-up, not what it proves) and unwraps the envelope. */
export async function api<T>(request: APIRequestContext, path: string, body: unknown, accessToken?: string): Promise<T> {
  const response = await request.post(`/api${path}`, {
    data: body,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string | null };
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${envelope.message}`);
  return envelope.data;
}

/**
 * A staff account of this department, registered, confirmed from its email and approved by the
 * admin, ready to sign in with PASSWORD. Returns its email.
 */
export async function approvedStaff(request: APIRequestContext, department: string, firstName = "Ngozi"): Promise<string> {
  const { email, userId } = await pendingStaff(request, department, firstName);
  const admin = await api<{ accessToken: string }>(request, "/auth/login", { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await api(request, `/admin/users/${userId}/approve`, {}, admin.accessToken);
  return email;
}

/** A staff account of this department, registered and confirmed from its email, waiting for an admin's approval. */
export async function pendingStaff(request: APIRequestContext, department: string, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  const { userId } = await api<{ userId: string }>(request, "/auth/register", {
    firstName,
    lastName: "Eze",
    email,
    isStaff: true,
    department,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await api(request, "/auth/verify-otp", { email, code: await codeFromLatestMail(email, "verification code") });
  return { email, userId };
}

import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { codeFromLatestMail } from "./mail-server";

const PASSWORD = "harmattan-2026";

/** A unique address per run, so journeys never meet each other's accounts or rate limits. */
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Zainab");
  await page.getByLabel("Last name").fill("Lawal");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/verify-email/);
}

async function verifyFromEmail(page: Page, email: string) {
  const code = await codeFromLatestMail(email, "verification code");
  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Confirm email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("register, confirm with the emailed code, sign in and land on the dashboard", async ({ page }) => {
  const email = uniqueEmail("zainab");
  await register(page, email);
  await verifyFromEmail(page, email);
  await signIn(page, email);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Zainab");
  await expect(page.getByRole("main").getByText(email)).toBeVisible();

  // The session survives a reload (the refresh cookie restores it) and ends on sign-out.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Zainab");
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("status")).toHaveText("You have signed out.");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

test("a guarded page sends a visitor to sign in, then back where they were going", async ({ page }) => {
  const email = uniqueEmail("guard");
  await register(page, email);
  await verifyFromEmail(page, email);
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("signing in before confirming the email says so", async ({ page }) => {
  const email = uniqueEmail("early");
  await register(page, email);
  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("Please check your email and confirm your account before logging in.");
});

test("six wrong passwords end in the lockout message", async ({ page }) => {
  const email = uniqueEmail("locked");
  await register(page, email);
  await verifyFromEmail(page, email);
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel("Password", { exact: true }).fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(page.getByRole("alert")).toContainText(
    /Too many login attempts\. Please (try again in \d+ minutes|wait a moment and try again)\./,
  );
});

test("forgot password: code by email, new password, old one refused", async ({ page }) => {
  const email = uniqueEmail("forgot");
  await register(page, email);
  await verifyFromEmail(page, email);
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset code" }).click();
  const code = await codeFromLatestMail(email, "password reset code");
  await page.getByLabel("Reset code").fill(code);
  await page.getByLabel("New password", { exact: true }).fill("new-password-2026");
  await page.getByLabel("Confirm new password").fill("new-password-2026");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password reset" })).toBeVisible();

  await signIn(page, email);
  await expect(page.getByRole("alert")).toBeVisible();
  await signIn(page, email, "new-password-2026");
  await expect(page).toHaveURL("/dashboard");
});

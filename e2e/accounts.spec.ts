import { PASSWORD, register, signIn, signOut, uniqueEmail, verifyFromEmail } from "./accounts";
import { expect, test, waitForHydration } from "./fixtures";
import { codeFromLatestMail } from "./mail-server";
import { E2E_ADMIN } from "./site-under-test";

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
  await signOut(page);
  await expect(page.getByRole("status")).toHaveText("You have signed out.");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

test("an address already registered is said once, with the way to sign in, and the message goes as the address is changed", async ({
  page,
}) => {
  const email = uniqueEmail("kemi");
  await register(page, email);
  await page.goto("/register");
  await waitForHydration(page);
  await page.getByLabel("First name").fill("Kemi");
  await page.getByLabel("Last name").fill("Lawal");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  const taken = page.getByText("An account with this email already exists. Please try logging in instead.");
  await expect(taken).toHaveCount(1);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("kemi"));
  await expect(taken).toHaveCount(0);
});

test("a guarded page sends a visitor to sign in, then back where they were going", async ({ page }) => {
  const email = uniqueEmail("guard");
  await register(page, email);
  await verifyFromEmail(page, email);
  await page.goto("/settings");
  await expect(page).toHaveURL("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");

  // The admin screen is not for clients: back to the dashboard.
  await page.goto("/admin");
  await expect(page).toHaveURL("/dashboard");
});

test("signing in before confirming the email says so", async ({ page }) => {
  const email = uniqueEmail("early");
  await register(page, email);
  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("Please check your email and confirm your account before logging in.");
});

test("signing in with a field left empty says so under it, its validators loaded at that first use", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Please enter valid credentials", { exact: true })).toHaveCount(2);
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("empty-password"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Please enter valid credentials", { exact: true })).toHaveCount(1);
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(/Please enter valid credentials/);
});

test("six wrong passwords end in the lockout message", async ({ page }) => {
  const email = uniqueEmail("locked");
  await register(page, email);
  await verifyFromEmail(page, email);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel("Password", { exact: true }).fill(`wrong-${attempt}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
  }
  await expect(page.getByRole("alert")).toContainText(/Too many login attempts\. Please try again in \d+ minutes\./);
});

test("forgot password: code by email, new password, old sessions and password refused", async ({ page, browser }) => {
  const email = uniqueEmail("forgot");
  await register(page, email);
  await verifyFromEmail(page, email);
  // Signed in on another device, which the reset must sign out.
  const otherDevice = await browser.newContext();
  const phone = await otherDevice.newPage();
  await signIn(phone, email);
  await expect(phone).toHaveURL("/dashboard");

  await page.goto("/forgot-password");
  await waitForHydration(page);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset code" }).click();
  const code = await codeFromLatestMail(email, "password reset code");
  await page.getByLabel("Reset code").fill(code);
  await page.getByLabel("New password", { exact: true }).fill("new-password-2026");
  await page.getByLabel("Confirm new password").fill("new-password-2026");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password reset" })).toBeVisible();

  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("Email or password is incorrect. Please try again.");
  await signIn(page, email, "new-password-2026");
  await expect(page).toHaveURL("/dashboard");

  // The other device's session is over: its next visit asks it to sign in.
  await phone.reload();
  await expect(phone).toHaveURL("/login");
  await otherDevice.close();
});

test("staff register, wait for an admin's approval, then sign in to their department's dashboard", async ({ page, browser }) => {
  const email = uniqueEmail("musa");
  await register(page, email, { department: "Projects", firstName: "Musa" });
  await verifyFromEmail(page, email);
  await expect(page.getByText("Your staff account is waiting for approval by an administrator.")).toBeVisible();
  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("waiting for approval");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL("/admin");
  const approvals = admin.getByRole("region", { name: "Accounts awaiting approval" });
  await approvals.getByRole("button", { name: "Approve Musa Lawal" }).click();
  await expect(admin.getByText("Musa Lawal can now sign in.", { exact: true })).toBeVisible();
  await expect(approvals.getByRole("button", { name: "Approve Musa Lawal" })).toHaveCount(0);
  await adminContext.close();

  await signIn(page, email);
  await expect(page).toHaveURL("/dashboard/projects");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Projects");
});

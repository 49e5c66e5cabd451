import { readFile } from "node:fs/promises";
import { PASSWORD, signedInClient, signIn, signOut, uniqueEmail } from "./accounts";
import { expect, expectNoSeriousViolations, test } from "./fixtures";
import { codeFromLatestMail } from "./mail-server";

test("profile changes and notification preferences survive a reload", async ({ page }) => {
  await signedInClient(page, "settings");
  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Company").fill("Gwarinpa Homes Ltd");
  await profile.getByLabel("Location").fill("Gwarinpa, Abuja");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.", { exact: true })).toBeVisible();

  const notifications = page.getByRole("region", { name: "Notifications" });
  const siteUpdatesByEmail = notifications
    .getByRole("group", { name: "A new site update is posted" })
    .getByRole("checkbox", { name: "By email" });
  const messagesInPortal = notifications
    .getByRole("group", { name: "A new message arrives" })
    .getByRole("checkbox", { name: "In the portal" });
  const messagesByEmail = notifications.getByRole("group", { name: "A new message arrives" }).getByRole("checkbox", { name: "By email" });
  await expect(siteUpdatesByEmail).toBeChecked();
  await expect(messagesByEmail).not.toBeChecked();
  // A client is offered what a client is told of, not the staff's assignments, inquiries, calls or announcements.
  await expect(notifications.getByRole("group", { name: "You are assigned to a project" })).toHaveCount(0);
  await expect(notifications.getByRole("group", { name: "An administrator sends an announcement" })).toHaveCount(0);
  // The keyboard alone can change them.
  await siteUpdatesByEmail.focus();
  await page.keyboard.press("Space");
  await messagesInPortal.uncheck();
  await messagesByEmail.check();
  await notifications.getByRole("button", { name: "Save notification preferences" }).click();
  await expect(notifications.getByRole("status")).toHaveText("Notification preferences saved.");

  await page.reload();
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("Company")).toHaveValue("Gwarinpa Homes Ltd");
  await expect(page.getByRole("region", { name: "Profile" }).getByLabel("Location")).toHaveValue("Gwarinpa, Abuja");
  await expect(siteUpdatesByEmail).not.toBeChecked();
  await expect(messagesInPortal).not.toBeChecked();
  await expect(messagesByEmail).toBeChecked();
});

test("change the email address with the code sent to the new one, then sign in with it", async ({ page }) => {
  const oldEmail = await signedInClient(page, "mover");
  const newEmail = uniqueEmail("moved");
  await page.goto("/settings#email");
  const section = page.getByRole("region", { name: "Email address" });
  await section.getByLabel("New email address").fill(newEmail);
  await section.getByLabel("Your password").fill("not-my-password");
  await section.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(section.getByText("Your password is not correct.")).toBeVisible();
  await expect(section.getByLabel("New email address")).toHaveValue(newEmail);

  await section.getByLabel("Your password").fill(PASSWORD);
  await section.getByRole("button", { name: "Send a code to the new address" }).click();
  await expect(section.getByRole("status")).toContainText(`We have emailed a 6-digit code to ${newEmail}.`);
  await section.getByLabel("Code from the email").fill("000000");
  await section.getByRole("button", { name: "Confirm the new address" }).click();
  await expect(section.getByRole("alert")).toBeVisible();
  await section.getByLabel("Code from the email").fill(await codeFromLatestMail(newEmail, "email change code"));
  await section.getByRole("button", { name: "Confirm the new address" }).click();
  await expect(page.getByText("Your email address has been changed.", { exact: true })).toBeVisible();
  // The new address shows everywhere: this screen and the account menu.
  await expect(page.getByRole("region", { name: "Profile" })).toContainText(`Signed in as ${newEmail}.`);
  await page.getByRole("button", { name: /account menu/ }).click();
  await expect(page.getByRole("banner").getByText(newEmail)).toBeVisible();
  await page.keyboard.press("Escape");

  await signOut(page);
  await signIn(page, oldEmail);
  await expect(page.getByRole("alert")).toContainText("Email or password is incorrect. Please try again.");
  await signIn(page, newEmail);
  await expect(page).toHaveURL("/dashboard");
});

test("download my data: a JSON file with my email and no password hash", async ({ page }) => {
  const email = await signedInClient(page, "export");
  await page.goto("/settings#your-data");
  const section = page.getByRole("region", { name: "Your data" });
  const downloadStarted = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download my data" }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toMatch(/^crestbuild-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), "utf8");
  const data = JSON.parse(text) as { profile: { email: string } };
  expect(data.profile.email).toBe(email);
  expect(text).not.toMatch(/password_?hash|\$argon2/i);
  await expect(section.getByRole("status")).toHaveText("Your data has been downloaded.");
});

test("delete my account: refused without DELETE, then gone, and its address no longer signs in", async ({ page }) => {
  const email = await signedInClient(page, "leaver");
  await page.goto("/settings#delete-account");
  const section = page.getByRole("region", { name: "Delete account" });
  await section.getByLabel("Your password").fill(PASSWORD);
  await section.getByLabel("Type DELETE to confirm").fill("delete");
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByText("Type DELETE to confirm.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/settings/);

  await section.getByLabel("Type DELETE to confirm").fill("DELETE");
  await section.getByRole("button", { name: "Delete my account" }).click();
  // It ends on a page that says so and what happens next, signed out.
  await expect(page).toHaveURL("/account-deleted");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account has been deleted");
  await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL("/");
  // Signed out on the home page too: the header offers to sign in again.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  // The browser has forgotten the session: the portal asks to sign in.
  await page.goto("/settings");
  await expect(page).toHaveURL("/login");

  await signIn(page, email);
  await expect(page.getByRole("alert")).toContainText("Email or password is incorrect. Please try again.");
});

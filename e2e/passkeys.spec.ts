import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { mailText } from "../src/server/testing/mail-catcher";
import { api, PASSWORD, signedInClient, signOut } from "./accounts";
import { expect, expectNoSeriousViolations, test, waitForHydration } from "./fixtures";
import { latestMail } from "./mail-server";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/** Two-step sign-in on for this account (set-up through the API, as the two-step journey proves the screens); its recovery codes. */
async function turnOnTwoStep(page: Page, email: string) {
  const { accessToken } = await api<{ accessToken: string }>(page.request, "/auth/login", { email, password: PASSWORD });
  const { secret } = await api<{ secret: string }>(page.request, "/auth/mfa/enroll", { password: PASSWORD }, accessToken);
  return (await api<{ recoveryCodes: string[] }>(page.request, "/auth/mfa/verify", { code: await generate({ secret }) }, accessToken))
    .recoveryCodes;
}

test("a passkey added in settings signs in from /login without the two-step code, and no longer once removed", async ({ page }) => {
  test.slow();
  const email = await signedInClient(page, "passkey");
  const [recoveryCode = ""] = await turnOnTwoStep(page, email);
  const authenticator = await addVirtualAuthenticator(page);

  // Settings: name it, add it (the authenticator makes a discoverable credential for this site), see it listed.
  await page.goto("/settings#passkeys");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("No passkeys yet.")).toBeVisible();
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByText("Please give the passkey a name.")).toBeVisible();
  await section.getByLabel("Passkey name").fill("Work laptop");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  // Two-step sign-in is on: the password and a code (here a recovery code) prove it is the owner.
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Current password").fill(PASSWORD);
  await dialog.getByLabel("Authentication code").fill(recoveryCode);
  await dialog.getByRole("button", { name: "Continue to your device" }).click();
  await expect(page.getByText('Passkey "Work laptop" added.', { exact: true })).toBeVisible();
  const row = section.getByRole("list", { name: "Passkeys" }).getByRole("listitem", { name: "Work laptop" });
  await expect(row).toContainText("Added");
  const [credential] = await authenticator.credentials();
  expect(credential).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
  await expectNoSeriousViolations(page);

  // Autofill (conditional mediation): /login asks on arrival; the person picks the passkey among the email field's
  // suggestions, which the virtual authenticator does by itself. Straight to the dashboard, no authenticator code
  // asked, although two-step sign-in is on.
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page).toHaveURL("/dashboard");
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(credential?.signCount ?? 0);

  // A browser without passkey autofill: the 'Use a passkey' button asks for one.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await page.reload();
  await signOut(page);
  await waitForHydration(page);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toHaveCount(0);

  // Settings show when it was last used; removing it takes it off the account.
  await page.goto("/settings#passkeys");
  await expect(row).toContainText("last used");
  await row.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText('Passkey "Work laptop" removed.', { exact: true })).toBeVisible();
  await expect(section.getByText("No passkeys yet.")).toBeVisible();

  // The device still holds the credential, but the site no longer knows it.
  await signOut(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("That passkey was not recognised. Try another, or sign in with your password.");
  await expect(page).toHaveURL("/login");
});

test("adding a passkey asks for the password in a dialog, and its owner is emailed with a 'this wasn't me' link", async ({ page }) => {
  const email = await signedInClient(page, "passkey-notice");
  await addVirtualAuthenticator(page);
  await page.goto("/settings#passkeys");
  const section = page.getByRole("region", { name: "Passkeys" });
  await waitForHydration(page);
  await section.getByLabel("Passkey name").fill("Phone");
  await section.getByRole("button", { name: "Add a passkey" }).click();

  // The dialog takes focus on its password field; a wrong password is refused with the server's message.
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  const password = dialog.getByLabel("Current password");
  await expect(password).toBeFocused();
  await password.fill("not-my-password-1");
  await password.press("Enter");
  await expect(dialog.getByText("Your current password is not correct.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await password.fill(PASSWORD);
  await password.press("Enter");
  await expect(page.getByText('Passkey "Phone" added.', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const notice = mailText(await latestMail(email, "A passkey was added to your account"));
  expect(notice).toContain("A passkey was added to your Crestbuild account");
  expect(notice).toMatch(/\/security\/not-me#\S+/);
});

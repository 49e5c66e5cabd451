import { generate } from "otplib";
import { PASSWORD, signedInClient, signIn, signOut } from "./accounts";
import { expect, test } from "./fixtures";

test("turn on two-step sign-in, sign out, sign in again with the authenticator's code", async ({ page }) => {
  const email = await signedInClient(page, "mfa");
  await page.goto("/settings#two-step");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  // Turning it on needs the current password.
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("alert")).toContainText("Please enter your password.");
  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await section.getByTestId("mfa-secret").textContent()) ?? "";

  await section.getByLabel("Code from the app").fill("000000");
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByRole("alert")).toContainText("That code is not valid.");
  await section.getByLabel("Code from the app").fill(await generate({ secret }));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByText("Two-step sign-in is on.")).toBeVisible();
  const recoveryCodes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  const recoveryCode = (await recoveryCodes.first().textContent()) ?? "";
  await section.getByRole("button", { name: "I have saved them" }).click();

  await signOut(page);
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-step sign-in");
  await page.getByLabel("Authentication code").fill("123456");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not valid.");
  // An authenticator code is accepted once: the one used to turn it on cannot sign in, the next step's can.
  await page.getByLabel("Authentication code").fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL("/dashboard");

  // A recovery code works once in place of the app's code.
  await signOut(page);
  await signIn(page, email);
  await page.getByLabel("Authentication code").fill(recoveryCode);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL("/dashboard");
});

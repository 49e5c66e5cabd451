import { request as playwrightRequest } from "@playwright/test";
import { codeIn, mailText } from "../src/server/testing/mail-catcher";
import { PASSWORD, signedInClient, signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { latestMail } from "./mail-server";
import { E2E_ADMIN } from "./site-under-test";
import { addVirtualAuthenticator } from "./virtual-authenticator";

// The admin's /security screen is long (alerts, access log, blocklist, settings): axe needs time on a busy machine.
test.describe.configure({ timeout: 90_000 });

const SAMSUNG_PHONE =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36";

/** A made-up address of the documentation range for one journey's attacker: never this journey's own (10.x) address. */
const attackerAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 2}`;

test("a person sees their own sign-in on /security and signs another device out", async ({ page, browser }) => {
  const email = await signedInClient(page, "security");
  const phoneContext = await browser.newContext({ userAgent: SAMSUNG_PHONE });
  const phone = await phoneContext.newPage();
  await signIn(phone, email);
  await expect(phone).toHaveURL("/dashboard");

  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Security" }).click();
  await expect(page).toHaveURL("/security");
  const activity = page.getByRole("list", { name: "Recent security activity" });
  await expect(
    activity.getByRole("listitem").filter({ hasText: "Sign-in" }).filter({ hasText: "Samsung Internet on Android" }),
  ).toHaveCount(1);
  await expect(activity.getByRole("listitem").filter({ hasText: "Sign-in" }).filter({ hasText: "Chrome on Linux" }).first()).toBeVisible();

  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  await devices.getByRole("button", { name: "Sign out Samsung Internet on Android" }).click();
  await expect(page.getByText("That device has been signed out.", { exact: true })).toBeVisible();
  await expect(devices.getByText("Samsung Internet on Android")).toHaveCount(0);
  await phone.reload();
  await expect(phone).toHaveURL("/login");
  await phoneContext.close();
});

test("an admin reads the access log by address, acknowledges the alert a burst of failed sign-ins raised, and blocks that address from it", async ({
  page,
  baseURL,
}) => {
  // The attacker: its own made-up address (one trusted proxy hop), ten failed sign-ins, each against another account.
  const address = attackerAddress();
  const attacker = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": address } });
  for (let attempt = 1; attempt <= 10; attempt++) {
    await attacker.post("/api/auth/verify-credentials", {
      data: { email: `victim${attempt}.${address}@example.com`, password: "guess-123456" },
    });
  }

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await page.goto("/security");
  const log = page.getByRole("region", { name: "Access log" });
  await log.getByLabel("Address or range").fill(address);
  await log.getByRole("button", { name: "Filter" }).click();
  await expect(log.getByText("10 events", { exact: true })).toBeVisible();
  await expect(log.getByRole("list", { name: "Access log" }).getByRole("listitem")).toHaveCount(10);
  await expect(log.getByRole("list", { name: "Access log" }).getByRole("listitem").first()).toContainText(address);

  // Open alerts are counted on the admin's bell.
  await expect(page.getByRole("button", { name: /^Notifications.*\d+ open security alerts?$/ })).toBeVisible();
  const alerts = page.getByRole("region", { name: "Alerts" });
  const alert = alerts.getByRole("listitem", { name: `Failed sign-ins from one address: ${address}` });
  await expect(alert).toContainText("10 events");
  await alert.getByRole("button", { name: "Show evidence" }).click();
  await expect(alert.getByRole("list", { name: "Evidence" }).getByRole("listitem")).toHaveCount(10);
  await alert.getByRole("button", { name: `Block ${address}` }).click();
  await expect(page.getByText(`${address} is blocked.`, { exact: true })).toBeVisible();
  await alert.getByRole("button", { name: "Acknowledge" }).click();
  await expect(page.getByText("Alert acknowledged.", { exact: true })).toBeVisible();
  await expect(alerts.getByRole("listitem", { name: `Failed sign-ins from one address: ${address}` })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Blocked addresses" }).getByRole("list", { name: "Blocked addresses" })).toContainText(
    address,
  );

  // The attacker is now refused before any route, with the access-denied wording.
  const refused = await attacker.get("/api/content/company");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("Access denied. You don't have permission to access this resource.");
  await attacker.dispose();
});

// One after the other: two sign-ins of one account at once can replace each other's one-time ticket.
test.describe
  .serial("accessibility", () => {
    for (const scheme of ["light", "dark"] as const) {
      test(`/security has no serious accessibility violation in ${scheme}, nor overflow at 360 px, for an admin`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
        await page.setViewportSize({ width: 360, height: 800 });
        await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
        await expect(page).toHaveURL("/admin");
        await page.goto("/security");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
        await expect(page.getByRole("list", { name: "Recent security activity" })).toBeVisible();
        await expect(page.getByRole("list", { name: "Access log" })).toBeVisible();
        await expect(page.getByRole("region", { name: "Security settings" }).getByLabel("Minimum length")).toHaveValue("6");
        // The journeys' admin signs in with a password alone: flagged, with the way to turn two-step sign-in on.
        const flag = page.getByRole("region", { name: "Your account has no two-step sign-in" });
        await expect(flag.getByRole("link", { name: "Turn on two-step sign-in" })).toHaveAttribute("href", "/settings#two-step");
        await expect(flag).toContainText("The security settings below can require it of every administrator.");
        await expectNoSeriousViolations(page);
        await expectNoHorizontalOverflow(page);
      });
    }
  });

test("a sign-in from a new device is emailed; its 'this wasn't me' link signs every device out and leads to a new password", async ({
  page,
  browser,
}) => {
  const email = await signedInClient(page, "notme");
  const phoneContext = await browser.newContext({ userAgent: SAMSUNG_PHONE });
  const phone = await phoneContext.newPage();
  await signIn(phone, email);
  await expect(phone).toHaveURL("/dashboard");

  const notice = mailText(await latestMail(email, "New sign-in"));
  expect(notice).toContain("Samsung Internet on Android");
  const link = /\/security\/not-me#user=[0-9a-f-]+&token=[\w-]+/.exec(notice)?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This wasn't me" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out everywhere and reset my password" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page.getByLabel(/code/i).first()).toBeVisible();
  await phone.reload();
  await expect(phone).toHaveURL("/login");
  await phoneContext.close();
});

test("'this wasn't me' removes the passkey someone added after signing in from a new device, and the reset ends with none left", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = await signedInClient(page, "notmekey");
  // Someone else signs in from a phone and adds their own passkey in settings.
  const phoneContext = await browser.newContext({ userAgent: SAMSUNG_PHONE });
  const phone = await phoneContext.newPage();
  await signIn(phone, email);
  await expect(phone).toHaveURL("/dashboard");
  await addVirtualAuthenticator(phone);
  await phone.goto("/settings#passkeys");
  const passkeys = phone.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill("Intruder key");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  // They know the password (they signed in with it): the fresh proof asked for is no obstacle to them.
  await phone.getByRole("dialog", { name: "Add a passkey" }).getByLabel("Current password").fill(PASSWORD);
  await phone.getByRole("dialog", { name: "Add a passkey" }).getByLabel("Current password").press("Enter");
  await expect(phone.getByText('Passkey "Intruder key" added.', { exact: true })).toBeVisible();

  // The owner is told at once, and opens that notice's link: the page shows the passkey as added since, to be removed.
  const notice = mailText(await latestMail(email, "A passkey was added to your account"));
  const link = /\/security\/not-me#user=[0-9a-f-]+&token=[\w-]+/.exec(notice)?.[0] ?? "";
  expect(link).not.toBe("");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(link);
  const methods = page.getByRole("region", { name: "Passkeys and linked providers" });
  const intruderKey = methods.getByRole("listitem").filter({ hasText: 'Passkey "Intruder key"' });
  await expect(intruderKey).toContainText("Added since: removed");
  await expectNoSeriousViolations(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Sign out everywhere and reset my password" }).click();
  await expect(page).toHaveURL("/forgot-password");

  // The reset's completion lists what can still sign in: the passkey is gone.
  await page.getByLabel("Reset code").fill(codeIn(await latestMail(email, "password reset code")));
  await page.getByLabel("New password", { exact: true }).fill("savannah-2027");
  await page.getByLabel("Confirm new password").fill("savannah-2027");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Password reset" })).toBeVisible();
  await expect(methods.getByText("Your account has no passkey and no linked provider.")).toBeVisible();
  await phone.reload();
  await expect(phone).toHaveURL("/login");
  await phoneContext.close();
});

test("'sign out everywhere else' then lists the passkeys, and one is removed there", async ({ page }) => {
  await signedInClient(page, "everywhere");
  await addVirtualAuthenticator(page);
  await page.goto("/settings#passkeys");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Passkey name").fill("Old tablet");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await page.getByRole("dialog", { name: "Add a passkey" }).getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("dialog", { name: "Add a passkey" }).getByLabel("Current password").press("Enter");
  await expect(page.getByText('Passkey "Old tablet" added.', { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/security");
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Every other device has been signed out.", { exact: true })).toBeVisible();
  const methods = page.getByRole("region", { name: "Passkeys and linked providers" });
  await expect(methods.getByRole("listitem").filter({ hasText: 'Passkey "Old tablet"' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await methods.getByRole("button", { name: 'Remove Passkey "Old tablet"' }).click();
  await expect(methods.getByText("Your account has no passkey and no linked provider.")).toBeVisible();
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, chromium, expect as expectPage, type Page } from "@playwright/test";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../../e2e/accounts.js";
import { chromiumArgs, chromiumExecutable } from "../../../../e2e/chromium.js";
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from "../../../../e2e/fixtures.js";
import { MFA_ENROLMENT_PATH, MFA_ENROLMENT_REQUIRED, mfaEnrolmentRequiredMessage } from "../../../shared/auth.js";
import { defaultSecuritySettings } from "../../../shared/security.js";
import { accountsClient, TEST_PASSWORD } from "../../testing/accounts.js";
import { type MailCatcher, startMailCatcher } from "../../testing/mail-catcher.js";
import { portalPeople } from "../../testing/people.js";
import { type ServerProcess, startServerProcess } from "../../testing/server-process.js";
import { resetDatabase } from "../../testing/test-app.js";

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * Two-step sign-in required, in real Chromium on a built server of its own (dist/server/main.js): turning the setting
 * on inside the journeys' shared server would disturb the journeys running beside it. Needs `npm run build`.
 */
describe.skipIf(!databaseUrl)("two-step sign-in required, in the browser (skipped: set TEST_DATABASE_URL)", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-mfa-required-"));
  let mail: MailCatcher | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const pages: Page[] = [];

  const theServer = () => {
    if (!server) throw new Error("the server starts before the tests");
    return server;
  };
  const theMail = () => {
    if (!mail) throw new Error("the mail catcher starts before the tests");
    return mail;
  };
  const accounts = accountsClient(theServer, theMail);
  const people = portalPeople(accounts, theServer);

  const requireForStaff = async (required: boolean) => {
    const admin = await people.admin();
    const settings = { ...defaultSecuritySettings, mfaRequiredForStaff: required };
    expect((await accounts.call("/admin/security/settings", settings, admin.auth, "PUT")).status).toBe(200);
  };

  /** A phone-sized tab of its own on the server. */
  async function phoneTab(): Promise<Page> {
    if (!browser) throw new Error("the browser starts before the tests");
    const context = await browser.newContext({ baseURL: theServer().url(""), viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    pages.push(page);
    return page;
  }

  /** Sets the authenticator app up on the enrolment screen, submitting with the keyboard, and saves the codes. */
  async function enrol(page: Page) {
    await page.getByLabel("Current password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const secret = (await page.getByTestId("mfa-secret").textContent()) ?? "";
    await page.getByLabel("Code from the app").fill(await generate({ secret }));
    await page.getByLabel("Code from the app").press("Enter");
    await expectPage(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
  }

  const expectOnEnrolment = async (page: Page) => {
    await expectPage(page).toHaveURL(MFA_ENROLMENT_PATH);
    await expectPage(page.getByRole("heading", { level: 1 })).toHaveText("Turn on two-step sign-in");
    await expectPage(page.getByText(mfaEnrolmentRequiredMessage)).toBeVisible();
  };

  beforeAll(async () => {
    await resetDatabase();
    mail = await startMailCatcher();
    server = await startServerProcess({
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      PUBLIC_ORIGIN: "http://127.0.0.1",
    });
    browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  }, 240_000);
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
    await requireForStaff(false);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("takes a staff member who signs in without it to the enrolment, keeps them there, and lands them on their dashboard once it is on", async () => {
    await people.staff("site.engineer@crestbuild.ng", "Projects");
    await requireForStaff(true);
    const page = await phoneTab();
    await signIn(page, "site.engineer@crestbuild.ng", TEST_PASSWORD);
    await expectOnEnrolment(page);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousViolations(page);

    // Anywhere else in the portal brings them back, even after a reload.
    await page.goto("/dashboard/projects");
    await expectOnEnrolment(page);
    await expectPage(page.getByRole("button", { name: "Sign out" })).toBeVisible();

    await enrol(page);
    await expectPage(page).toHaveURL("/dashboard/projects");
    await expectPage(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.goto("/dashboard/messages");
    await expectPage(page).toHaveURL("/dashboard/messages");
  }, 120_000);

  it("takes someone already signed in to the enrolment at their next step once an admin requires it", async () => {
    await people.staff("quantity.surveyor@crestbuild.ng", "Projects");
    const page = await phoneTab();
    await signIn(page, "quantity.surveyor@crestbuild.ng", TEST_PASSWORD);
    await expectPage(page).toHaveURL("/dashboard/projects");
    // The dashboard has loaded everything it shows: the next call to the server is the Security screen's.
    await page.waitForLoadState("networkidle");

    await requireForStaff(true);
    // That call answers 403 MFA_ENROLMENT_REQUIRED, and the API client tells the guard.
    const refused = page.waitForResponse((response) => response.url().includes("/api/") && response.status() === 403);
    // On a phone, Security is in the tab bar's 'More' sheet (docs/decisions/126-portal-tab-bar-on-phones.md).
    await page.getByRole("navigation", { name: "Portal" }).getByRole("button", { name: "More" }).click();
    await page.getByRole("navigation", { name: "More sections" }).getByRole("link", { name: "Security" }).click();
    expect((await (await refused).json()).error).toBe(MFA_ENROLMENT_REQUIRED);
    await expectOnEnrolment(page);

    // Signing out stays at hand.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expectPage(page).toHaveURL("/login");
  }, 120_000);
});

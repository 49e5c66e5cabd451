import type { APIRequestContext, Page } from "@playwright/test";
import { signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { E2E_ADMIN } from "./site-under-test";

/** The office's dashboards and /settings, each with its data loaded; admins may open every one. */
const screens = [
  ["/dashboard/hr", "Human resources", "Staff directory"],
  ["/dashboard/admin", "Office overview", "Recent security events"],
  ["/dashboard/secretariat", "Secretariat", "Upcoming milestones"],
  ["/dashboard/executive-assistant", "Executive Assistant", "Upcoming milestones"],
  ["/dashboard/digital-marketing", "Digital marketing", "Contact leads"],
  ["/dashboard/business-administration", "Business administration", "Active projects"],
  ["/dashboard/inquiries", "Contact inquiries", "Inbox"],
  ["/settings", "Settings", "Notifications"],
] as const;

/** A visitor's message through the contact API, so the inbox has one to open. */
async function sendInquiry(request: APIRequestContext, subject: string) {
  const sent = await request.post("/api/contact", {
    data: {
      name: "Amina Bello",
      email: "amina@example.com",
      phone: "+234 809 111 2222",
      subject,
      message: "Please call me about a bungalow in Lugbe.",
    },
  });
  expect(sent.status()).toBe(201);
}

/** Opens that inquiry in the Secretariat's inbox, then a new post with its preview: the screens' busiest states. */
async function openBusiestStates(page: Page, subject: string, check: () => Promise<void>) {
  await page.goto("/dashboard/secretariat?status=all");
  await page.getByRole("button", { name: new RegExp(subject) }).click();
  await expect(page.getByRole("article", { name: subject })).toBeVisible();
  await check();
  await page.goto("/dashboard/digital-marketing?post=new");
  await page.getByLabel("Body").fill("## A heading\n\nSome **bold** words and a [link](https://crestbuild.ng).");
  await expect(page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "A heading" })).toBeVisible();
  await check();
}

/** Opens every screen once it has loaded, then the busiest states, and checks each. */
async function checkEveryScreen(page: Page, subject: string, check: () => Promise<void>) {
  for (const [path, heading, section] of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    await expect(page.locator('[role="status"]').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await check();
  }
  await openBusiestStates(page, subject, check);
}

for (const scheme of ["light", "dark"] as const) {
  test(`the office's dashboards and settings have no serious or critical accessibility violation in ${scheme}`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const subject = `Accessibility check ${scheme} ${Date.now()}`;
    await sendInquiry(request, subject);

    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL("/admin");
    await checkEveryScreen(page, subject, () => expectNoSeriousViolations(page));
  });
}

test("the office's dashboards and settings fit a 360 px wide phone", async ({ page, request }) => {
  test.setTimeout(120_000);
  const subject = `Phone check ${Date.now()}`;
  await sendInquiry(request, subject);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  await checkEveryScreen(page, subject, () => expectNoHorizontalOverflow(page));
});

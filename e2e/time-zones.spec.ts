import type { Page } from "@playwright/test";
import { signIn, signOut } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { confirmedClient } from "./projects-kit";

// The browser of these journeys keeps London time, as a client's laptop in London would.
test.use({ timezoneId: "Europe/London" });

/** "14:05 GMT": a clock in that zone at the instant, with the zone's name as the screens write it. */
function clockIn(zone: string, instant: number, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  });
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

/** Any of the clocks of the minutes from `from` to now: the sign-in happened then. */
function clocksSince(from: number, zone: string, locale: string): RegExp {
  const clocks = new Set<string>();
  for (let instant = from - 60_000; instant <= Date.now() + 60_000; instant += 30_000) clocks.add(clockIn(zone, instant, locale));
  return new RegExp(`at (${[...clocks].join("|")})`);
}

/** The newest sign-in of the person's own activity on /security. */
async function latestSignIn(page: Page) {
  await page.goto("/security");
  const activity = page.getByRole("region", { name: "Recent activity" });
  const line = activity
    .getByRole("listitem")
    .filter({ has: page.getByText("Sign-in", { exact: true }) })
    .first();
  await expect(line).toBeVisible();
  return line;
}

test("a client whose browser is in London reads London times, labelled, until they choose another zone in settings", async ({
  page,
  request,
}) => {
  const client = await confirmedClient(request, "Londoner");
  const signedInFrom = Date.now();
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");

  // Their first sign-in took the browser's zone: the sign-in is written in London time, and says so.
  const inLondon = await latestSignIn(page);
  await expect(inLondon).toContainText(clocksSince(signedInFrom, "Europe/London", "en-GB"));

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Time zone" });
  await expect(section).toContainText("Times are shown in Europe/London", { timeout: 20_000 });
  const select = section.getByLabel("Time zone", { exact: true });
  await expect(select).toHaveValue("Europe/London");

  // Searching narrows the list; a search with no match says so and keeps what is chosen.
  const search = section.getByLabel("Find a time zone");
  await search.fill("atlantis");
  await expect(section.getByText("No time zone matches “atlantis”.")).toBeVisible();
  await expect(select).toHaveValue("Europe/London");
  await search.fill("lagos");
  await expect(section.getByText("1 of ")).toBeVisible();
  // By keyboard: from the search to the list, down to Lagos, then to the button.
  await search.press("Tab");
  await expect(select).toBeFocused();
  await select.selectOption("Africa/Lagos");
  await expect(section.getByText(/^\d\d:\d\d WAT there now\.$/)).toBeVisible();
  await section.getByRole("button", { name: "Save time zone" }).click();
  await expect(section).toContainText("Times are shown in Africa/Lagos");

  // Every time shown follows at once: the same sign-in, now in West Africa Time.
  const inLagos = await latestSignIn(page);
  await expect(inLagos).toContainText(clocksSince(signedInFrom, "Africa/Lagos", "en-NG"));

  // And it stays theirs: signed in again from the London browser, they keep Lagos.
  await signOut(page);
  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await expect(await latestSignIn(page)).toContainText(/ \d\d:\d\d WAT/);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the time zone settings read well at 360 px in ${scheme}: no serious accessibility violation, nothing overflowing`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    const client = await confirmedClient(request, `Zone${scheme}`);
    await signIn(page, client.email);
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/settings#time-zone");
    const section = page.getByRole("region", { name: "Time zone" });
    // The settings' lists load first on a busy machine: give the screen time to come.
    await expect(section.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/London", { timeout: 20_000 });
    await section.getByLabel("Find a time zone").fill("america");
    await expect(section.getByText(/^\d+ of \d+ zones match\.$/)).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectNoHorizontalOverflow(page);
  });
}

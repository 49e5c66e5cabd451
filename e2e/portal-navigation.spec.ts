import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { api, signIn } from "./accounts";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { type Account, projectWithContent } from "./projects-kit";
import { E2E_ADMIN } from "./site-under-test";

// Each journey sets up a project with content and its people, then opens several screens on a phone.
test.describe.configure({ timeout: 240_000 });

type Destination = { name: string; path: RegExp };
type Journey = { tabs: Destination[]; more: Destination[] };

const dashboard = { name: "Dashboard", path: /\/dashboard$/ };
const messages = { name: "Messages", path: /\/dashboard\/messages$/ };
const calls = { name: "Calls", path: /\/call$/ };
const announcements = { name: "Announcements", path: /\/dashboard\/announcements$/ };
const security = { name: "Security", path: /\/security$/ };
const site = { name: "Site", path: /\/site$/ };
const settings = { name: "Settings", path: /\/settings$/ };

/** What each role finds in the tab bar and in its 'More' sheet (docs/decisions/126-portal-tab-bar-on-phones.md). */
const journeys: Record<"client" | "staff" | "admin", Journey> = {
  client: { tabs: [dashboard, messages, security, settings], more: [] },
  // A member of the project office, whose dashboard is the projects one.
  staff: {
    tabs: [{ name: "Dashboard", path: /\/dashboard\/projects$/ }, messages, calls, settings],
    more: [site, announcements, security],
  },
  admin: {
    tabs: [{ name: "Administration", path: /\/admin$/ }, { name: "Projects", path: /\/dashboard\/projects$/ }, messages, calls],
    more: [
      dashboard,
      { name: "Analytics", path: /\/analytics$/ },
      { name: "Accounts", path: /\/dashboard\/accounts$/ },
      site,
      announcements,
      security,
      settings,
    ],
  },
};

const tabBar = (page: Page) => page.getByRole("navigation", { name: "Portal" });
const moreSheet = (page: Page) => page.getByRole("dialog", { name: "More" });
/** The screen is in place: the route's fade over, nothing loading. */
async function loaded(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Nothing sticks out past the screen's right edge once the screen has settled (some sections draw their content after
 * their data), but within a list that scrolls sideways on purpose (the settings' sections).
 */
async function expectNoOverflowOnceSettled(page: Page, context: string) {
  const culprits = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const scrolledAside = (element: Element) => {
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(parent).overflowX)) return true;
        }
        return false;
      };
      return [...document.querySelectorAll("body *")]
        .filter((element) => element.getBoundingClientRect().right > width + 1 && !scrolledAside(element))
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`);
    });
  await expect.poll(culprits, { timeout: 10_000, message: `${context}: sticking out of the screen` }).toEqual([]);
}

/**
 * The bar lies along the bottom edge, each of its five items wholly inside it and its text uncut, and the screen's
 * content ends above it once scrolled to the bottom.
 */
async function expectTabBarInPlace(page: Page, context: string) {
  const found = await page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>("nav[data-tab-bar]");
    const main = document.querySelector("main");
    if (!bar || !main) return null;
    window.scrollTo(0, document.documentElement.scrollHeight);
    const barBox = bar.getBoundingClientRect();
    const items = [...bar.querySelectorAll<HTMLElement>("li > a, li > button")];
    const cut = items
      .filter((item) => {
        const box = item.getBoundingClientRect();
        const texts = [...item.querySelectorAll("span:not(.sr-only)")].map((span) => span.getBoundingClientRect());
        return (
          item.scrollWidth > item.clientWidth ||
          box.left < 0 ||
          box.right > window.innerWidth ||
          texts.some((text) => text.width > 0 && (text.left < box.left - 0.5 || text.right > box.right + 0.5))
        );
      })
      .map((item) => item.textContent);
    const content = main.firstElementChild?.getBoundingClientRect();
    return { barTop: barBox.top, barBottom: barBox.bottom, items: items.length, cut, contentBottom: content?.bottom ?? 0 };
  });
  expect(found, `${context}: the tab bar`).not.toBeNull();
  if (!found) return;
  expect(found.items, context).toBe(5);
  expect(found.cut, `${context}: items cut off`).toEqual([]);
  expect(found.barBottom, context).toBeCloseTo(page.viewportSize()?.height ?? 0, 0);
  expect(found.contentBottom, `${context}: the content ends above the bar`).toBeLessThanOrEqual(found.barTop + 0.5);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Opens every destination of the tab bar and of the 'More' sheet, checking where it leads and that the screen fits. */
async function walkEveryDestination(page: Page, journey: Journey, label: string) {
  // From 768 px up it is the row under the header; below, the bar at the bottom (one 'Portal' navigation at a time).
  await expect(page.locator("nav[data-tab-bar]")).toBeVisible();
  await expect(tabBar(page)).toHaveCount(1);
  for (const destination of journey.tabs) {
    const link = tabBar(page).getByRole("link", { name: new RegExp(`^${destination.name}`) });
    await link.click();
    await expect(page).toHaveURL(destination.path);
    await expect(link).toHaveAttribute("aria-current", "page");
    await expect(tabBar(page).locator('[aria-current="page"]')).toHaveCount(1);
    await loaded(page);
    await expectNoOverflowOnceSettled(page, `${label}: ${destination.name}`);
    await expectTabBarInPlace(page, `${label}: ${destination.name}`);
  }
  for (const destination of journey.more) {
    await tabBar(page).getByRole("button", { name: "More" }).click();
    await moreSheet(page)
      .getByRole("link", { name: new RegExp(`^${destination.name}`) })
      .click();
    await expect(page).toHaveURL(destination.path);
    // Following a link closes the sheet; the tab bar has no current link then.
    await expect(moreSheet(page)).toBeHidden();
    await expect(tabBar(page).locator('a[aria-current="page"]')).toHaveCount(0);
    await loaded(page);
    await expectNoOverflowOnceSettled(page, `${label}: ${destination.name}`);
    await expectTabBarInPlace(page, `${label}: ${destination.name}`);
    // Opened again, the sheet marks where the person is.
    await tabBar(page).getByRole("button", { name: "More" }).click();
    await expect(moreSheet(page).getByRole("link", { name: new RegExp(`^${destination.name}`) })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(moreSheet(page)).toBeHidden();
  }
  // The sheet always leads back to the website too.
  await tabBar(page).getByRole("button", { name: "More" }).click();
  await expect(moreSheet(page).getByRole("link", { name: "Back to the website" })).toBeVisible();
  await expect(moreSheet(page).getByRole("link")).toHaveCount(journey.more.length + 1);
  await page.keyboard.press("Escape");
}

async function messageFromTheOffice(request: APIRequestContext, office: Account, projectId: number) {
  const opened = await request.get(`/api/conversations/project/${projectId}`, {
    headers: { authorization: `Bearer ${office.accessToken}` },
  });
  const conversationId = ((await opened.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
  await api(request, `/conversations/${conversationId}/messages`, { body: "The roof sheets arrive on Monday." }, office.accessToken);
}

/** Who signs in for each role: the client and the project office's member of a project with content, and the first admin. */
async function people(request: APIRequestContext) {
  const { client, office, project } = await projectWithContent(request);
  return {
    project,
    office,
    client: { email: client.email, password: undefined, landing: "/dashboard" },
    staff: { email: office.email, password: undefined, landing: "/dashboard/projects" },
    admin: { email: E2E_ADMIN.email, password: E2E_ADMIN.password, landing: "/admin" },
  };
}

for (const width of [390, 360]) {
  for (const role of ["client", "staff", "admin"] as const) {
    test(`the ${role} reaches every section from the tab bar at ${width} px`, async ({ page, request }) => {
      const everyone = await people(request);
      if (role === "client") await messageFromTheOffice(request, everyone.office, everyone.project.id);
      const person = everyone[role];
      await page.setViewportSize({ width, height: 780 });
      await signIn(page, person.email, person.password);
      await expect(page).toHaveURL(person.landing);
      await loaded(page);
      if (role === "client") {
        // The unread message's count stays on the Messages tab, read out with it.
        await expect(tabBar(page).getByRole("link", { name: /^Messages/ })).toHaveAccessibleName("Messages 1 unread", { timeout: 15_000 });
      }
      await walkEveryDestination(page, journeys[role], `${role} at ${width} px`);
    });
  }
}

test("the 'More' sheet keeps focus inside, closes with Escape and gives focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL("/admin");
  const more = tabBar(page).getByRole("button", { name: "More" });
  await more.focus();
  await page.keyboard.press("Enter");
  const sheet = moreSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute("aria-labelledby");
  // Along the bottom edge of the screen.
  const box = await sheet.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(740, 0);
  // Twenty presses of Tab (more than its controls) never reach the page behind it, and come round to it again.
  const focusInside = () => sheet.evaluate((element) => element.contains(document.activeElement));
  expect(await focusInside()).toBe(true);
  for (let press = 0; press < 20; press++) {
    await page.keyboard.press("Tab");
    const outside = await sheet.evaluate((element) =>
      element.contains(document.activeElement) || document.activeElement === document.body
        ? null
        : document.activeElement?.outerHTML.slice(0, 80),
    );
    expect(outside).toBeNull();
  }
  let comeRound = await focusInside();
  for (let press = 0; press < 3 && !comeRound; press++) {
    await page.keyboard.press("Tab");
    comeRound = await focusInside();
  }
  expect(comeRound).toBe(true);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(more).toBeFocused();

  // A wider screen has the row of links under the header instead, as before.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.locator("nav[data-tab-bar]")).toBeHidden();
  await expect(tabBar(page).getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(tabBar(page).getByRole("link", { name: "Administration" })).toHaveAttribute("aria-current", "page");
});

/** The project page's header on a phone: the title on one line cut with an ellipsis, the status beside it, the sections under it. */
async function expectOneLineHeader(page: Page, width: number) {
  const h1 = page.getByRole("heading", { level: 1 });
  const found = await h1.evaluate((heading) => {
    const box = heading.getBoundingClientRect();
    const line = Number.parseFloat(getComputedStyle(heading).lineHeight);
    const status = heading.nextElementSibling?.getBoundingClientRect();
    const sections = document.querySelector('nav[aria-label="Project sections"]')?.getBoundingClientRect();
    return {
      lines: Math.round(box.height / line),
      ellipsis: getComputedStyle(heading).textOverflow,
      cut: heading.scrollWidth > heading.clientWidth,
      statusBesideTitle: status ? status.top < box.bottom && status.bottom > box.top && status.left >= box.right : false,
      gapToSections: sections ? sections.top - box.bottom : Number.POSITIVE_INFINITY,
    };
  });
  expect(found.lines, `${width} px: the title's lines`).toBe(1);
  expect(found.ellipsis).toBe("ellipsis");
  // The journeys' project titles are longer than a phone's line.
  expect(found.cut).toBe(true);
  expect(found.statusBesideTitle, "the status on the title's line").toBe(true);
  expect(found.gapToSections, "the sections right under the title").toBeLessThan(64);
  // Every section link whole on screen: wrapped, never scrolled out of sight or cut.
  const links = page.getByRole("navigation", { name: "Project sections" }).getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(5);
  for (const box of await links.evaluateAll((elements) =>
    elements.map((element) => ({ ...element.getBoundingClientRect().toJSON(), cut: element.scrollWidth > element.clientWidth })),
  )) {
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(width);
    expect(box.cut).toBe(false);
  }
}

for (const width of [390, 360]) {
  test(`the project page's header is one line above its sections at ${width} px, the rest a press away`, async ({ browser, request }) => {
    const { client, office, project } = await projectWithContent(request);
    for (const [person, landing] of [
      [client, "/dashboard"],
      [office, "/dashboard/projects"],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 780 } });
      const page = await context.newPage();
      await signIn(page, person.email);
      await expect(page).toHaveURL(landing);
      await page.goto(`/dashboard/projects/${project.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(project.title, { timeout: 15_000 });
      await expectOneLineHeader(page, width);
      // The details are folded away: the reference, actions, progress and facts come with the button.
      const details = page.getByRole("button", { name: "Project details" });
      await expect(details).toHaveAttribute("aria-expanded", "false");
      const ids = (await details.getAttribute("aria-controls"))?.split(" ") ?? [];
      expect(ids).toHaveLength(4);
      const [reference, progress, facts] = [0, 2, 3].map((index) => page.locator(`[id="${ids[index]}"]`)) as [Locator, Locator, Locator];
      for (const part of [reference, progress, facts]) await expect(part).toBeHidden();
      await details.click();
      await expect(details).toHaveAttribute("aria-expanded", "true");
      await expect(reference).toHaveText(project.reference);
      await expect(progress.getByRole("progressbar", { name: "Project progress" })).toBeVisible();
      await expect(facts).toContainText("Target completion");
      // Unfolded, the title is whole.
      expect(await page.getByRole("heading", { level: 1 }).evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
      if (person === office) await expect(page.getByRole("button", { name: "Edit details" })).toBeVisible();
      await expectNoHorizontalOverflow(page, `the project page at ${width} px`);
      await details.click();
      await expect(reference).toBeHidden();
      await context.close();
    }
  });
}

for (const scheme of ["light", "dark"] as const) {
  for (const role of ["client", "staff", "admin"] as const) {
    test(`the ${role}'s tab bar and 'More' sheet have no serious accessibility violation in ${scheme}`, async ({ page, request }) => {
      const everyone = await people(request);
      const person = everyone[role];
      await page.setViewportSize({ width: 360, height: 740 });
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await signIn(page, person.email, person.password);
      await expect(page).toHaveURL(person.landing);
      await loaded(page);
      await expectNoSeriousViolations(page);
      await tabBar(page).getByRole("button", { name: "More" }).click();
      await expect(moreSheet(page)).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.keyboard.press("Escape");
      if (role === "admin") return;
      // The project page's one-line header, folded and unfolded.
      await page.goto(`/dashboard/projects/${everyone.project.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(everyone.project.title);
      await expectNoSeriousViolations(page);
      await page.getByRole("button", { name: "Project details" }).click();
      await expectNoSeriousViolations(page);
    });
  }
}

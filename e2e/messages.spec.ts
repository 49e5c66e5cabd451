import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { api, approvedStaff, PASSWORD, signedInClient, signIn } from "./accounts";
import { test as base, expect, expectNoHorizontalOverflow, expectNoSeriousViolations, recordConsoleErrors } from "./fixtures";

/** A second person at their own browser (another context: its own session), held to the same no-console-error rule. */
const test = base.extend<{ otherPage: Page }>({
  otherPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = recordConsoleErrors(page);
    await use(page);
    await context.close();
    expect(errors, "console errors in the other browser").toEqual([]);
  },
});

type SignedIn = { accessToken: string; user: { id: string } };
type Project = { id: number; title: string };

const signInThroughApi = (request: APIRequestContext, email: string) =>
  api<SignedIn>(request, "/auth/login", { email, password: PASSWORD });

/**
 * A client signed in on `page` (Zainab Lawal, the name `register` gives) and a Projects staffer managing a
 * project of theirs, created through the API as the staffer.
 */
async function clientWithProject(page: Page, request: APIRequestContext, name: string) {
  const clientEmail = await signedInClient(page, name);
  const staffEmail = await approvedStaff(request, "Projects", "Tunde");
  const staff = await signInThroughApi(request, staffEmail);
  const client = await signInThroughApi(request, clientEmail);
  const project = await api<Project>(
    request,
    "/projects",
    {
      title: `Guzape villa ${name} ${Date.now()}`,
      description: "A four-bedroom villa with a roof terrace.",
      category: "residential",
      city: "Abuja",
      clientId: client.user.id,
      managerId: staff.user.id,
    },
    staff.accessToken,
  );
  return { staffEmail, staff, client, project };
}

const conversationsList = (page: Page) => page.getByRole("region", { name: "Conversations" });
const conversationLink = (page: Page, title: string | RegExp) => conversationsList(page).getByRole("link", { name: title });
const composer = (page: Page) => page.getByRole("textbox", { name: /^Write a message to/ });
const thread = (page: Page, title: string) => page.getByRole("log", { name: `Messages in ${title}` });

async function openConversation(page: Page, title: string) {
  await page.goto("/dashboard/messages");
  await conversationLink(page, new RegExp(title)).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/\d+$/);
  await expect(thread(page, title)).toBeVisible();
}

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 170, g: 116, b: 82 } } })
    .jpeg()
    .toBuffer();

test("a client and the project's manager exchange messages live", async ({ page, otherPage, request }) => {
  const { staffEmail, project } = await clientWithProject(page, request, "roundtrip");
  await openConversation(page, project.title);
  await signIn(otherPage, staffEmail);
  await expect(otherPage).toHaveURL("/dashboard/projects");
  await otherPage.goto("/dashboard/messages");
  await expect(conversationLink(otherPage, new RegExp(project.title))).toContainText("No messages yet");

  // Shift+Enter starts a new line; Enter sends.
  await composer(page).fill("Good morning.");
  await composer(page).press("Shift+Enter");
  await composer(page).pressSequentially("**Roof** delivered?");
  await expect(composer(page)).toHaveValue("Good morning.\n**Roof** delivered?");
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
  await expect(thread(page, project.title).locator("strong", { hasText: "Roof" })).toBeVisible();

  // The staffer's list and header count it as unread, without a reload.
  await expect(conversationLink(otherPage, new RegExp(project.title))).toContainText("1 unread");
  const messagesNav = otherPage.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: /^Messages/ });
  await expect(messagesNav).toContainText("1 unread");
  await conversationLink(otherPage, new RegExp(project.title)).click();
  const staffThread = thread(otherPage, project.title);
  await expect(staffThread.locator("strong", { hasText: "Roof" })).toBeVisible();
  await expect(staffThread.locator("p", { hasText: "Good morning." })).toContainText("Good morning.Roof delivered?");
  await expect(staffThread.locator("p", { hasText: "Good morning." }).locator("br")).toHaveCount(1);
  // Opening it reads it.
  await expect(conversationLink(otherPage, new RegExp(project.title))).not.toContainText("unread");
  await expect(messagesNav).not.toContainText("unread");

  await send(otherPage, "Yes, this morning. Tiles go on *Monday*.");
  await expect(thread(page, project.title)).toContainText("Yes, this morning.");
  await expect(thread(page, project.title).locator("em", { hasText: "Monday" })).toBeVisible();
  await expect(thread(page, project.title).getByText("Tunde Eze")).toBeVisible();

  // With the thread open on both sides, the next message lands in the open thread.
  await send(page, "Thank you!");
  await expect(staffThread).toContainText("Thank you!");

  // The author removes it: gone from both screens at once. The staffer may remove only their own.
  await expect(staffThread.getByRole("button", { name: /^Remove the message/ })).toHaveCount(1);
  await thread(page, project.title)
    .getByRole("button", { name: /^Remove the message you sent/ })
    .last()
    .click();
  const confirm = page.getByRole("dialog", { name: "Remove this message?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(confirm).toBeHidden();
  await expect(thread(page, project.title)).not.toContainText("Thank you!");
  await expect(staffThread).not.toContainText("Thank you!");
  await expect(staffThread).toContainText("Yes, this morning.");
});

test("a photo reaches the other side as a thumbnail; a text file named .jpg is refused and the text stays", async ({
  page,
  otherPage,
  request,
}) => {
  const { staffEmail, project } = await clientWithProject(page, request, "photo");
  await openConversation(page, project.title);
  await signIn(otherPage, staffEmail);
  await expect(otherPage).toHaveURL("/dashboard/projects");
  await openConversation(otherPage, project.title);

  await page.getByLabel("Add Photos").setInputFiles({ name: "scaffold.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await expect(page.getByRole("list", { name: "Photos to send" }).getByRole("img", { name: "scaffold.jpg" })).toBeVisible();
  await send(page, "Scaffolding is up.");
  await expect(page.getByRole("list", { name: "Photos to send" })).toHaveCount(0);

  const thumbnail = thread(otherPage, project.title).getByRole("img", { name: "scaffold.jpg" });
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveJSProperty("complete", true);
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(thread(otherPage, project.title)).toContainText("Scaffolding is up.");
  // The thumbnail opens the larger photo over the page; Escape closes it.
  await thumbnail.click();
  const viewer = otherPage.getByRole("dialog", { name: "scaffold.jpg" });
  await expect(viewer.getByRole("img", { name: "scaffold.jpg" })).toBeVisible();
  await otherPage.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(otherPage.getByRole("button", { name: "scaffold.jpg" })).toBeFocused();

  // Named .jpg, typed as a JPEG, but text inside: the server reads the bytes and refuses it.
  await page
    .getByLabel("Add Photos")
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo at all") });
  await composer(page).fill("Here are the site notes");
  await composer(page).press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Please upload a JPEG, PNG or WebP image.");
  await expect(composer(page)).toHaveValue("Here are the site notes");
  await expect(thread(otherPage, project.title)).not.toContainText("Here are the site notes");
});

test("two staff members of a department talk in their department channel", async ({ page, otherPage, request }) => {
  const aminaEmail = await approvedStaff(request, "HR", "Amina");
  const bayoEmail = await approvedStaff(request, "HR", "Bayo");
  await signIn(page, aminaEmail);
  await expect(page).toHaveURL("/dashboard/hr");
  await page.goto("/dashboard/messages");
  await page.getByRole("button", { name: "HR channel" }).click();
  await expect(page).toHaveURL(/\/dashboard\/messages\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: "HR" })).toBeVisible();

  await signIn(otherPage, bayoEmail);
  await expect(otherPage).toHaveURL("/dashboard/hr");
  await openConversation(otherPage, "HR");

  const text = `Interviews move to Thursday ${Date.now()}`;
  await send(page, text);
  await expect(thread(otherPage, "HR")).toContainText(text);
  await expect(thread(otherPage, "HR").getByText("Amina Eze")).toBeVisible();
  await send(otherPage, "Noted, I will tell the candidates.");
  await expect(thread(page, "HR")).toContainText("Noted, I will tell the candidates.");
});

test("staff of two departments write to each other directly", async ({ page, otherPage, request }) => {
  const ifeEmail = await approvedStaff(request, "Digital Marketing", "Ifeoma");
  const chidiEmail = await approvedStaff(request, "Accounts", "Chidiebere");
  await signIn(page, ifeEmail);
  await expect(page).toHaveURL("/dashboard/digital-marketing");
  await page.goto("/dashboard/messages");
  await page.getByRole("button", { name: "New message" }).click();
  const picker = page.getByRole("dialog", { name: "New message" });
  await picker.getByLabel("Search by name or department").fill("Chidiebere");
  await picker.getByRole("button", { name: /Chidiebere Eze/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByRole("heading", { level: 2, name: "Chidiebere Eze" })).toBeVisible();
  await send(page, "Could you check the billboard invoice?");

  await signIn(otherPage, chidiEmail);
  await expect(otherPage).toHaveURL("/dashboard/accounts");
  await otherPage.goto("/dashboard/messages");
  // Ifeoma has the portal open: her photo carries the online dot.
  const fromIfe = conversationLink(otherPage, /Ifeoma Eze\s*, online/);
  await expect(fromIfe).toContainText("1 unread");
  await fromIfe.click();
  await expect(thread(otherPage, "Ifeoma Eze")).toContainText("Could you check the billboard invoice?");
  await send(otherPage, "Paid this morning.");
  await expect(thread(page, "Chidiebere Eze")).toContainText("Paid this morning.");
});

test("a message sent while the connection was down appears once it is back", async ({ page, otherPage, request, consoleErrors }) => {
  const { staffEmail, project } = await clientWithProject(page, request, "offline");
  await openConversation(page, project.title);
  await signIn(otherPage, staffEmail);
  await expect(otherPage).toHaveURL("/dashboard/projects");
  await openConversation(otherPage, project.title);
  // The thread holds a message, so that coming back asks only for what came after it.
  await send(otherPage, "Before the break");
  await expect(thread(page, project.title)).toContainText("Before the break");

  await page.context().setOffline(true);
  await send(otherPage, "Sent while you were offline");
  await expect(thread(otherPage, project.title)).toContainText("Sent while you were offline");
  // Nothing reaches a browser without a network...
  await page.waitForTimeout(1000);
  await expect(thread(page, project.title)).not.toContainText("Sent while you were offline");

  // ...and what it missed is fetched when it reconnects: only what came after the last message it holds.
  const catchUp = page.waitForRequest((request) => /\/api\/conversations\/\d+\/messages\?after=\d+/.test(request.url()));
  await page.context().setOffline(false);
  await catchUp;
  await expect(thread(page, project.title)).toContainText("Sent while you were offline", { timeout: 15_000 });
  // The browser reports its failed attempts to reach the server while offline: expected here, and only here.
  const otherErrors = consoleErrors.filter((error) => !error.includes("ERR_INTERNET_DISCONNECTED"));
  consoleErrors.length = 0;
  consoleErrors.push(...otherErrors);
});

test("the bell announces the first message of a burst and opens its conversation", async ({ page, otherPage, request }) => {
  const { staffEmail, project } = await clientWithProject(page, request, "bell");
  await signIn(otherPage, staffEmail);
  await expect(otherPage).toHaveURL("/dashboard/projects");
  await openConversation(page, project.title);

  await send(page, "First of two");
  await send(page, "Second of two");
  await expect(thread(page, project.title)).toContainText("Second of two");

  const bell = otherPage.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/unread/);
  await bell.click();
  const panel = otherPage.locator(`#${await bell.getAttribute("aria-controls")}`);
  const announcement = panel.getByRole("link", { name: new RegExp(`Zainab Lawal wrote about ${project.title}`) });
  await expect(announcement).toHaveCount(1);
  await expect(announcement).toContainText("First of two");
  await announcement.click();
  await expect(otherPage).toHaveURL(/\/dashboard\/messages\/\d+$/);
  await expect(thread(otherPage, project.title)).toContainText("First of two");
  await expect(thread(otherPage, project.title)).toContainText("Second of two");
});

test("a long conversation opens on its newest messages, loads older ones above, and offers a jump to new ones", async ({
  page,
  request,
}) => {
  const { staff, client, project } = await clientWithProject(page, request, "long");
  const opened = await request.get(`/api/conversations/project/${project.id}`, {
    headers: { authorization: `Bearer ${staff.accessToken}` },
  });
  const conversationId = ((await opened.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
  // 34 messages, more than the 30 a thread opens with (taking turns: each person may post 30 a minute).
  for (let note = 1; note <= 34; note++) {
    const author = note % 2 === 0 ? client : staff;
    await api(request, `/conversations/${conversationId}/messages`, { body: `Site note ${note}` }, author.accessToken);
  }

  await openConversation(page, project.title);
  const log = thread(page, project.title);
  await expect(log.getByText("Site note 34", { exact: true })).toBeInViewport();
  await expect(log.getByText("Site note 4", { exact: true })).toHaveCount(0);

  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await log.getByRole("button", { name: "Load older messages" }).click();
  await expect(log.getByText("Site note 1", { exact: true })).toBeAttached();
  await expect(log.getByRole("button", { name: "Load older messages" })).toHaveCount(0);
  // What was at the top stays in view: the older messages went in above it, out of sight until scrolled to.
  await expect(log.getByText("Site note 5", { exact: true })).toBeInViewport();
  await expect(log.getByText("Site note 1", { exact: true })).not.toBeInViewport();

  // Reading higher up, a new message does not pull the view down: a button offers to go to it.
  await api(request, `/conversations/${conversationId}/messages`, { body: "Site note 35" }, staff.accessToken);
  const jump = page.getByRole("button", { name: "1 new message" });
  await expect(jump).toBeVisible();
  await expect(log.getByText("Site note 35", { exact: true })).not.toBeInViewport();
  await jump.click();
  await expect(log.getByText("Site note 35", { exact: true })).toBeInViewport();
  await expect(jump).toBeHidden();
});

test("a client with more conversations than a page loads the rest with a button; a new message brings one to the top", async ({
  page,
  request,
}) => {
  const { staff, client, project } = await clientWithProject(page, request, "many");
  // 21 more projects: 22 project conversations, a page of 20 and one of 2.
  for (let n = 1; n <= 21; n++) {
    await api(
      request,
      "/projects",
      {
        title: `Lugbe terrace ${n}`,
        description: "A terrace of four homes.",
        category: "residential",
        city: "Abuja",
        clientId: client.user.id,
        managerId: staff.user.id,
      },
      staff.accessToken,
    );
  }
  await page.goto("/dashboard/messages");
  const links = conversationsList(page).getByRole("link");
  await expect(links).toHaveCount(20);
  await conversationsList(page).getByRole("button", { name: "Load more conversations" }).click();
  await expect(links).toHaveCount(22);
  await expect(conversationsList(page).getByRole("button", { name: "Load more conversations" })).toHaveCount(0);

  // Whichever page it was on, the conversation with a new message comes first, unread, on the open screen.
  const opened = await request.get(`/api/conversations/project/${project.id}`, {
    headers: { authorization: `Bearer ${staff.accessToken}` },
  });
  const conversationId = ((await opened.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
  await api(request, `/conversations/${conversationId}/messages`, { body: "The roof sheets arrive on Monday." }, staff.accessToken);
  await expect(links.first()).toContainText(project.title);
  await expect(links.first()).toContainText("1 unread");
  await expect(links).toHaveCount(22);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the messages screen with a thread open has no serious accessibility violation in ${scheme}, and fits 360 px`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    const { staff, project } = await clientWithProject(page, request, `a11y-${scheme}`);
    await openConversation(page, project.title);
    await send(page, "Is the **roof** on schedule? See https://example.com/a-very-long-address-that-must-wrap-on-a-small-phone");
    const conversationId = Number(page.url().split("/").at(-1));
    await api(
      request,
      `/conversations/${conversationId}/messages`,
      { body: "Yes:\n\n- trusses done\n- tiles on *Monday*" },
      staff.accessToken,
    );
    await expect(thread(page, project.title).locator("em", { hasText: "Monday" })).toBeVisible();
    await expectNoSeriousViolations(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(thread(page, project.title)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.getByRole("link", { name: "Back to conversations" }).click();
    await expect(conversationLink(page, new RegExp(project.title))).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
}

test("the project page's Messages section is the project's conversation, live on both sides", async ({ page, otherPage, request }) => {
  const { staffEmail, project } = await clientWithProject(page, request, "projectpage");
  await page.goto(`/dashboard/projects/${project.id}`);
  await page
    .getByRole("navigation", { name: "Project sections" })
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(page).toHaveURL(/section=messages/);
  await expect(thread(page, project.title)).toBeVisible();

  await signIn(otherPage, staffEmail);
  await expect(otherPage).toHaveURL("/dashboard/projects");
  await otherPage.goto(`/dashboard/projects/${project.id}?section=messages`);
  await expect(thread(otherPage, project.title)).toBeVisible();

  await send(page, "Can we move the site visit to Friday?");
  await expect(thread(otherPage, project.title).getByText("Can we move the site visit to Friday?")).toBeVisible();
  await send(otherPage, "Friday at 10 works.");
  await expect(thread(page, project.title).getByText("Friday at 10 works.")).toBeVisible();
});

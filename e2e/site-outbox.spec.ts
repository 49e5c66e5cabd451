import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { api, signIn } from "./accounts";
import { expect, recordConsoleErrors, test } from "./fixtures";
import { type Account, engineerOnAProject, sitePhoto } from "./projects-kit";

test.describe.configure({ timeout: 120_000 });

/** How many items a project's list of the API holds now (its first page: the journey makes fewer than a page). */
async function countOf(request: APIRequestContext, account: Account, path: string): Promise<number> {
  const answer = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${account.accessToken}` } });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { items: unknown[] } };
  return data.items.length;
}

/** Puts every item of the outbox kept on this device back to 'waiting', keys and uploads unchanged: a replay. */
const replayOutbox = (page: Page, userId: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const database = opening.result;
          const store = database.transaction("outbox", "readwrite").objectStore("outbox");
          const all = store.getAll();
          all.onsuccess = () => {
            for (const item of all.result as { state: string }[]) store.put({ ...item, state: "waiting" });
            store.transaction.oncomplete = () => {
              database.close();
              resolve(all.result.length);
            };
          };
        };
      }),
    `crestbuild-device-${userId}`,
  );

test("what a site engineer makes offline waits on the phone, is sent once when the network returns, and never twice", async ({
  browser,
  request,
}) => {
  const { engineer, project } = await engineerOnAProject(request, {
    title: "Jabi terrace ",
    description: "Four terraced houses.",
    category: "residential",
  });
  const paths = {
    diary: `/projects/${project.id}/updates`,
    snags: `/projects/${project.id}/snags`,
    photos: `/projects/${project.id}/images`,
  };

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const errors = recordConsoleErrors(page);
  await signIn(page, engineer.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto("/site");
  const card = page.getByRole("article", { name: project.title });
  await expect(card).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline: showing what was saved on /)).toBeVisible();
  const outbox = page.getByRole("region", { name: "Outbox" });
  await expect(outbox).toContainText("Nothing waiting to be sent.");

  const entries = ["Blockwork of the first floor.", "Lintels cast over the windows.", "Scaffold moved to the east side."];
  for (const [index, body] of entries.entries()) {
    await card.getByRole("button", { name: "New diary entry" }).click();
    const form = card.getByRole("form", { name: `New diary entry for ${project.title}` });
    await form.getByLabel("What happened on site").fill(body);
    await form.getByLabel("Weather").selectOption("cloudy");
    await form.getByLabel("Workers on site").fill(String(10 + index));
    await form.getByRole("button", { name: "Keep to send" }).click();
    await expect(card.getByText("The diary entry is in the outbox below.")).toBeVisible();
  }
  // A bad field is said before anything is kept.
  await card.getByRole("button", { name: "New snag" }).click();
  const snagForm = card.getByRole("form", { name: `New snag for ${project.title}` });
  await snagForm.getByRole("button", { name: "Keep to send" }).click();
  await expect(snagForm.getByText("Name the snag.")).toBeVisible();
  await snagForm.getByLabel("Title").fill("Cracked render");
  await snagForm.getByLabel("Where").fill("House 2, north wall");
  await snagForm.getByRole("button", { name: "Keep to send" }).click();
  await expect(card.getByText("The snag is in the outbox below.")).toBeVisible();

  await card.getByRole("button", { name: "Add photos" }).click();
  const photosForm = card.getByRole("form", { name: `Add photos or videos to ${project.title}` });
  await photosForm.getByLabel("Photos or videos").setInputFiles([await sitePhoto("east-wall.png"), await sitePhoto("roof.png")]);
  await photosForm.getByRole("button", { name: "Keep to send" }).click();
  await expect(card.getByText("The photos are in the outbox below.")).toBeVisible();
  await expect(outbox.getByText("Waiting to send", { exact: true })).toHaveCount(6);
  expect(errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket/.test(error))).toEqual([]);

  // The tab is closed; a new one, still offline, finds everything waiting on the device.
  await page.close();
  const again = await context.newPage();
  const againErrors = recordConsoleErrors(again);
  const keyed: string[] = [];
  const replayed: string[] = [];
  again.on("request", (sent) => {
    if (sent.method() !== "GET" && /\/api\/projects\//.test(sent.url())) keyed.push(sent.headers()["idempotency-key"] ?? "none");
  });
  again.on("response", (answer) => {
    if (answer.headers()["idempotent-replayed"] === "true") replayed.push(answer.url());
  });
  await again.goto("/site");
  const againOutbox = again.getByRole("region", { name: "Outbox" });
  await expect(againOutbox.getByText("Waiting to send", { exact: true })).toHaveCount(6);
  await expect(againOutbox).toContainText("6 to send");
  expect(await countOf(request, engineer, paths.diary)).toBe(0);

  // The network returns: the session is renewed and the outbox sent, in order, each change under its own key.
  await context.setOffline(false);
  await expect(againOutbox.getByText("Sent", { exact: true })).toHaveCount(6, { timeout: 30_000 });
  await expect(againOutbox).toContainText("Nothing waiting to be sent.");
  expect(await countOf(request, engineer, paths.diary)).toBe(3);
  expect(await countOf(request, engineer, paths.snags)).toBe(1);
  expect(await countOf(request, engineer, paths.photos)).toBe(2);
  const diary = await (await request.get(`/api${paths.diary}`, { headers: { authorization: `Bearer ${engineer.accessToken}` } })).json();
  // Newest first: the order they were made in, with their structured fields.
  expect((diary.data.items as { body: string; weather: string; workersOnSite: number }[]).map((entry) => entry.body)).toEqual(
    [...entries].reverse(),
  );
  expect(diary.data.items[2]).toMatchObject({ weather: "cloudy", workersOnSite: 10 });
  expect(keyed).toHaveLength(6);
  expect(new Set(keyed).size).toBe(6);
  expect(keyed).not.toContain("none");
  expect(replayed).toEqual([]);

  // A second replay of the whole queue (the same keys, the uploads already whole) creates nothing: every answer is
  // the first one, given again.
  expect(await replayOutbox(again, engineer.id)).toBe(6);
  await again.reload();
  await expect(againOutbox.getByText("Sent", { exact: true })).toHaveCount(6, { timeout: 30_000 });
  expect(replayed).toHaveLength(6);
  expect(await countOf(request, engineer, paths.diary)).toBe(3);
  expect(await countOf(request, engineer, paths.snags)).toBe(1);
  expect(await countOf(request, engineer, paths.photos)).toBe(2);
  expect(againErrors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|WebSocket/.test(error))).toEqual([]);
  await context.close();
});

test("links made offline hold once sent, Save data sends a smaller photo, and a refusal says why", async ({ browser, request }) => {
  const { office, engineer, project } = await engineerOnAProject(request, {
    title: "Wuse clinic ",
    description: "A clinic.",
    category: "commercial",
  });
  const tile = await api<{ id: number }>(
    request,
    `/projects/${project.id}/snags`,
    { title: "Loose tile", location: "Lobby" },
    office.accessToken,
  );
  // A photo of 2,000 × 1,500 px: under Save data the phone sends it at most 1,600 px, as a JPEG.
  const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
  const large = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#808080", noise } })
    .png()
    .toBuffer();

  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const uploadLengths: number[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().endsWith("/api/uploads")) uploadLengths.push(Number(sent.headers()["upload-length"]));
  });
  await signIn(page, engineer.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto("/site");
  const card = page.getByRole("article", { name: project.title });
  await expect(card.getByText("Loose tile")).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline: showing what was saved on /)).toBeVisible();
  const outbox = page.getByRole("region", { name: "Outbox" });
  const saveData = outbox.getByRole("switch", { name: /Save data/ });
  if (!(await saveData.isChecked())) await saveData.click();
  await expect(saveData).toBeChecked();

  // A snag with its photo, then the snag marked fixed: both made offline, the move naming the snag not yet sent.
  await card.getByRole("button", { name: "New snag" }).click();
  const snagForm = card.getByRole("form", { name: `New snag for ${project.title}` });
  await snagForm.getByLabel("Title").fill("Cracked render");
  await snagForm.getByLabel("Where").fill("North wall");
  await snagForm.getByLabel("Photos").setInputFiles({ name: "north-wall.png", mimeType: "image/png", buffer: large });
  await snagForm.getByRole("button", { name: "Keep to send" }).click();
  await expect(outbox.getByText("Photo: north-wall.jpg")).toBeVisible();
  await outbox.getByRole("button", { name: "Mark fixed: Cracked render" }).click();
  // And the existing snag marked fixed, which the office fixes first: its move will be refused.
  await card.getByRole("button", { name: "Mark fixed: Loose tile" }).click();
  await expect(card.getByText("Marked fixed (see the outbox).")).toBeVisible();
  await expect(outbox.getByText("Waiting to send", { exact: true })).toHaveCount(4);
  const fixedByOffice = await request.patch(`/api/projects/${project.id}/snags/${tile.id}`, {
    data: { status: "fixed" },
    headers: { authorization: `Bearer ${office.accessToken}` },
  });
  expect(fixedByOffice.status()).toBe(200);

  await context.setOffline(false);
  await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(3, { timeout: 30_000 });
  await expect(outbox.getByText("Not sent", { exact: true })).toHaveCount(1);
  await expect(outbox).toContainText("This snag is already fixed.");
  await expect(outbox.getByRole("button", { name: "Try again: Snag fixed: Loose tile" })).toBeVisible();
  expect(uploadLengths).toHaveLength(1);
  expect(uploadLengths[0]).toBeLessThan(large.length);

  const snags = await (
    await request.get(`/api/projects/${project.id}/snags`, { headers: { authorization: `Bearer ${engineer.accessToken}` } })
  ).json();
  const render = (snags.data.items as { title: string; status: string; photos: unknown[] }[]).find(
    (snag) => snag.title === "Cracked render",
  );
  expect(render).toMatchObject({ status: "fixed" });
  expect(render?.photos).toHaveLength(1);
  await context.close();
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type APIRequestContext, chromium, type Page, type Route } from "@playwright/test";
import sharp from "sharp";
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from "../src/shared/site-app";
import { api, signIn } from "./accounts";
import { chromiumArgs, chromiumExecutable } from "./chromium";
import { expect, recordConsoleErrors, test } from "./fixtures";
import { type Account, engineerOnAProject, sitePhoto, siteVideo } from "./projects-kit";
import { chooseSaveData, outboxIdle, phoneOnSite, reloadOffline, unexpectedErrors } from "./site-kit";
import { E2E_ORIGIN as baseURL } from "./site-under-test";

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

  const { context, page, errors, card, outbox } = await phoneOnSite(browser, engineer, project.title);
  await reloadOffline(page);
  await expect(outbox).toContainText("Nothing waiting to be sent.");

  const entries = ["Blockwork of the first floor.", "Lintels cast over the windows.", "Scaffold moved to the east side."];
  for (const [index, body] of entries.entries()) {
    await card.getByRole("button", { name: "New diary entry" }).click();
    const form = card.getByRole("form", { name: `New diary entry for ${project.title}` });
    await form.getByLabel("What happened today").fill(body);
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
  expect(unexpectedErrors(errors)).toEqual([]);

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
  expect(unexpectedErrors(againErrors)).toEqual([]);
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
  // The site, and a phone's photo of 2,000 × 1,500 px taken there now (its EXIF time in Lagos time, and its place):
  // under Save data the phone sends it at most 1,600 px, keeping that EXIF for the server's verdict.
  const placed = await request.put(`/api/projects/${project.id}`, {
    data: { site: { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 } },
    headers: { authorization: `Bearer ${office.accessToken}` },
  });
  expect(placed.status()).toBe(200);
  const lagosNow = new Date(Date.now() + 60 * 60_000).toISOString();
  const noise = { type: "gaussian", mean: 128, sigma: 40 } as const;
  const large = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#808080", noise } })
    .jpeg({ quality: 95 })
    .withExif({
      IFD2: { DateTimeOriginal: `${lagosNow.slice(0, 10).replaceAll("-", ":")} ${lagosNow.slice(11, 19)}` },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "9/1 4/1 5736/100", GPSLongitudeRef: "E", GPSLongitude: "7/1 29/1 4236/100" },
    })
    .toBuffer();

  const { context, page, card, outbox } = await phoneOnSite(browser, engineer, project.title);
  const uploadLengths: number[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && sent.url().endsWith("/api/uploads")) uploadLengths.push(Number(sent.headers()["upload-length"]));
  });
  await expect(card.getByText("Loose tile")).toBeVisible();
  await reloadOffline(page);
  await chooseSaveData(outbox, true);

  // A snag with its photo, then the snag marked fixed: both made offline, the move naming the snag not yet sent.
  await card.getByRole("button", { name: "New snag" }).click();
  const snagForm = card.getByRole("form", { name: `New snag for ${project.title}` });
  await snagForm.getByLabel("Title").fill("Cracked render");
  await snagForm.getByLabel("Where").fill("North wall");
  await snagForm.getByLabel("Photos").setInputFiles({ name: "north-wall.jpg", mimeType: "image/jpeg", buffer: large });
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
  const render = (snags.data.items as { title: string; status: string; photos: { verdictReason: string }[] }[]).find(
    (snag) => snag.title === "Cracked render",
  );
  expect(render).toMatchObject({ status: "fixed" });
  expect(render?.photos).toHaveLength(1);
  // The smaller photo kept the phone's own time and place: judged by them, not 'without its own time and place'.
  expect(render?.photos[0]?.verdictReason).toBe(
    "Picked from the phone's gallery: its own time and place fit the site, but it was not taken in the portal's camera.",
  );

  // The office reopens the tile: 'Try again' sends the move under a new key, and this time it is taken.
  const reopened = await request.patch(`/api/projects/${project.id}/snags/${tile.id}`, {
    data: { status: "open", reason: "Still loose at the door." },
    headers: { authorization: `Bearer ${office.accessToken}` },
  });
  expect(reopened.status()).toBe(200);
  await outbox.getByRole("button", { name: "Try again: Snag fixed: Loose tile" }).click();
  await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(4, { timeout: 30_000 });
  await expect(outbox.getByText("Not sent", { exact: true })).toHaveCount(0);
  const tileNow = await (
    await request.get(`/api/projects/${project.id}/snags`, { headers: { authorization: `Bearer ${engineer.accessToken}` } })
  ).json();
  expect((tileNow.data.items as { id: number; status: string }[]).find((snag) => snag.id === tile.id)).toMatchObject({ status: "fixed" });
  await context.close();
});

test("a diary entry's photos wait with it on a dead line and Background Sync sends them; a video waits for Wi-Fi until 'Send now'", async ({
  browser,
  request,
}) => {
  const { engineer, project } = await engineerOnAProject(request, {
    title: "Maitama duplex ",
    description: "A duplex.",
    category: "residential",
  });
  const authorization = { authorization: `Bearer ${engineer.accessToken}` };
  const video = siteVideo("walkround.mp4");
  const { context, page, errors, card, outbox } = await phoneOnSite(browser, engineer, project.title);
  await chooseSaveData(outbox, true);

  // What the service worker relays to the page (Background Sync's `sync` event), counted.
  const relays = () => page.evaluate(() => (window as unknown as { relays: unknown[] }).relays);
  await page.evaluate(() => {
    const relays: unknown[] = [];
    (window as unknown as { relays: unknown[] }).relays = relays;
    navigator.serviceWorker.addEventListener("message", (event) => relays.push((event.data as { type?: unknown }).type));
  });

  // The phone says it is online but nothing it sends arrives (a dead line): what is made waits, nothing is lost.
  const deadLine = (route: Route) => (route.request().method() === "GET" ? route.continue() : route.abort("internetdisconnected"));
  await page.route("**/api/uploads**", deadLine);
  let deadUploads = 0;
  page.on("requestfailed", (failed) => {
    if (failed.url().includes("/api/uploads")) deadUploads += 1;
  });
  await page.route(`**/api/projects/${project.id}/**`, deadLine);
  await card.getByRole("button", { name: "Add photos" }).click();
  const mediaForm = card.getByRole("form", { name: `Add photos or videos to ${project.title}` });
  await mediaForm.getByLabel("Photos or videos").setInputFiles(video);
  await mediaForm.getByRole("button", { name: "Keep to send" }).click();
  await expect(outbox.getByText("Waiting for Wi-Fi", { exact: true })).toHaveCount(1);
  await card.getByRole("button", { name: "New diary entry" }).click();
  const diaryForm = card.getByRole("form", { name: `New diary entry for ${project.title}` });
  await diaryForm.getByLabel("What happened today").fill("Roof trusses lifted.");
  await diaryForm.getByLabel("Photos").setInputFiles([await sitePhoto("truss-east.png"), await sitePhoto("truss-west.png")]);
  await diaryForm.getByRole("button", { name: "Keep to send" }).click();
  await expect(card.getByText("The diary entry is in the outbox below.")).toBeVisible();
  // The sending tried the dead line (tus's retries included; the sync the entry registered, which an online Chromium
  // fires at once, asked for one more) and stopped: once the outbox's lock is free, all three wait.
  await expect.poll(() => deadUploads).toBeGreaterThan(0);
  await outboxIdle(page);
  await expect(outbox.getByText("Waiting to send", { exact: true })).toHaveCount(3);
  const relaysBefore = (await relays()).length;
  await expect(outbox.getByText("Photo: truss-east.png")).toBeVisible();
  // What waits is counted in MB: the video's bytes and the photos'.
  const waiting = /4 to send · ([\d.]+) MB waiting to be sent\./;
  await expect(outbox).toContainText(waiting);
  const megabytes = Number(waiting.exec((await outbox.textContent()) ?? "")?.[1]);
  expect(megabytes).toBeGreaterThanOrEqual(Math.floor(video.buffer.length / 100_000) / 10);

  // The line comes back without an `online` event: the service worker's Background Sync wakes the page, which sends.
  await page.unrouteAll();
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    devtools.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(new URL(page.url()).origin));
      if (ours && !ours.isDeleted) resolve(ours.registrationId);
    });
  });
  await devtools.send("ServiceWorker.enable");
  await devtools.send("ServiceWorker.dispatchSyncEvent", {
    origin: new URL(page.url()).origin,
    registrationId: await registrationId,
    tag: OUTBOX_SYNC_TAG,
    lastChance: false,
  });
  await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(3, { timeout: 30_000 });
  expect((await relays()).slice(relaysBefore)).toContain(OUTBOX_SYNC_MESSAGE);
  await expect(outbox.getByText("Waiting for Wi-Fi", { exact: true })).toHaveCount(1);
  const diary = await (await request.get(`/api/projects/${project.id}/updates`, { headers: authorization })).json();
  expect(diary.data.items).toHaveLength(1);
  expect(diary.data.items[0]).toMatchObject({ body: "Roof trusses lifted." });
  expect(diary.data.items[0].photos).toHaveLength(2);

  // 'Send now' sends the video on this line; its share shows as it goes (the second chunk held until it has).
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let chunks = 0;
  await page.route("**/api/uploads/**", async (route) => {
    if (route.request().method() === "PATCH" && ++chunks === 2) await released;
    await route.continue();
  });
  await outbox.getByRole("button", { name: "Send now: Video: walkround.mp4" }).click();
  await expect(outbox.getByText(/^Sending [1-9]\d?%$/)).toBeVisible();
  release();
  await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(4, { timeout: 60_000 });
  await expect(outbox).toContainText("Nothing waiting to be sent.");
  const videos = await (await request.get(`/api/projects/${project.id}/videos`, { headers: authorization })).json();
  expect(videos.data.items).toHaveLength(1);
  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
});

test("what waits on the phone survives the browser's restart, and is sent when the network returns", async ({
  request,
  extraHTTPHeaders,
}) => {
  const { engineer, project } = await engineerOnAProject(request, {
    title: "Gwarinpa school ",
    description: "Six classrooms.",
    category: "commercial",
  });
  // A browser with a profile on disk, as a phone's: closed and started again, it keeps its storage and cookies.
  const profile = await mkdtemp(path.join(tmpdir(), "crestbuild-phone-"));
  const startBrowser = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
      baseURL,
      extraHTTPHeaders,
      viewport: { width: 360, height: 780 },
    });
  try {
    const phone = await startBrowser();
    const page = phone.pages()[0] ?? (await phone.newPage());
    await signIn(page, engineer.email);
    await expect(page).toHaveURL("/dashboard/projects");
    await page.goto("/site");
    await expect(page.getByRole("article", { name: project.title })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await phone.setOffline(true);
    await page.reload();
    const card = page.getByRole("article", { name: project.title });
    await card.getByRole("button", { name: "New diary entry" }).click();
    const form = card.getByRole("form", { name: `New diary entry for ${project.title}` });
    await form.getByLabel("What happened today").fill("Foundations dug for block B.");
    await form.getByRole("button", { name: "Keep to send" }).click();
    await expect(page.getByRole("region", { name: "Outbox" }).getByText("Waiting to send", { exact: true })).toHaveCount(1);
    await phone.close();

    // The browser starts again, still with no network: the entry waits; the network returns and it is sent, once.
    const restarted = await startBrowser();
    await restarted.setOffline(true);
    const again = restarted.pages()[0] ?? (await restarted.newPage());
    const errors = recordConsoleErrors(again);
    await again.goto("/site");
    const outbox = again.getByRole("region", { name: "Outbox" });
    await expect(outbox.getByText("Diary: Foundations dug for block B.")).toBeVisible();
    await expect(outbox.getByText("Waiting to send", { exact: true })).toHaveCount(1);
    await restarted.setOffline(false);
    await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(1, { timeout: 30_000 });
    expect(await countOf(request, engineer, `/projects/${project.id}/updates`)).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await restarted.close();
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
});

test("a video cut off halfway goes on from where it stopped, after a reload", async ({ browser, request }) => {
  const { engineer, project } = await engineerOnAProject(request, {
    title: "Lokogoma villas ",
    description: "Three villas.",
    category: "residential",
  });
  const { context, page, errors, card, outbox } = await phoneOnSite(browser, engineer, project.title);
  await chooseSaveData(outbox, false);

  // Each chunk's offset as the phone sends it; the line dies once four chunks (2 MiB) have arrived.
  const offsets: number[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "PATCH" && sent.url().includes("/api/uploads/")) offsets.push(Number(sent.headers()["upload-offset"]));
  });
  let chunks = 0;
  await page.route("**/api/uploads/**", (route) =>
    route.request().method() === "PATCH" && ++chunks > 4 ? route.abort("internetdisconnected") : route.continue(),
  );
  await card.getByRole("button", { name: "Add photos" }).click();
  const mediaForm = card.getByRole("form", { name: `Add photos or videos to ${project.title}` });
  await mediaForm.getByLabel("Photos or videos").setInputFiles(siteVideo("slab-pour.mp4"));
  await mediaForm.getByRole("button", { name: "Keep to send" }).click();
  await expect.poll(() => chunks, { timeout: 20_000 }).toBeGreaterThan(4);
  await outboxIdle(page);
  await expect(outbox.getByText("Waiting to send", { exact: true })).toHaveCount(1);

  // The line is back and the page is reloaded: the upload goes on at 2 MiB, not at zero.
  const beforeReload = offsets.length;
  await page.unrouteAll();
  await page.reload();
  await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(1, { timeout: 60_000 });
  const resumed = offsets.slice(beforeReload);
  expect(resumed[0]).toBe(4 * 512 * 1024);
  expect(Math.min(...resumed)).toBe(4 * 512 * 1024);
  const videos = await (
    await request.get(`/api/projects/${project.id}/videos`, { headers: { authorization: `Bearer ${engineer.accessToken}` } })
  ).json();
  expect(videos.data.items).toHaveLength(1);
  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
});

import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./accounts";
import { chromiumArgs, chromiumExecutable, grantMediaArgs, mediaArgs } from "./chromium";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { type Account, clientWithAProject } from "./projects-kit";

/** A site in Maitama, Abuja, and the phone standing in it: the fake camera's test picture is what it photographs. */
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
test.use({
  launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs, ...mediaArgs, ...grantMediaArgs] },
  permissions: ["geolocation", "camera"],
  geolocation: { latitude: 9.08265, longitude: 7.49512, accuracy: 8 },
});
test.describe.configure({ timeout: 180_000 });

const bearer = (account: Account) => ({ authorization: `Bearer ${account.accessToken}` });

async function setSite(request: APIRequestContext, office: Account, projectId: number) {
  const saved = await request.put(`/api/projects/${projectId}`, { data: { site: SITE }, headers: bearer(office) });
  expect(saved.status()).toBe(200);
}

test("a site engineer takes a photo in the portal's camera on the site and it is verified", async ({ page, request }) => {
  const { office, project } = await clientWithAProject(request, {
    staff: "Musa",
    client: "Ngozi",
    project: "Maitama terrace ",
    description: "Four terraces.",
  });
  await setSite(request, office, project.id);
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole("link", { name: "Take photos" }).click();
  await expect(page).toHaveURL(`/dashboard/projects/${project.id}/capture`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Capture");
  await expect(page.getByRole("status").filter({ hasText: "On the site" })).toHaveText("On the site (to within 8 m).");

  await page.getByRole("button", { name: "Take photo" }).click();
  await expect(page.getByRole("region", { name: "To send (1)" }).getByRole("img")).toHaveCount(1);
  await page.getByRole("button", { name: "Send photo" }).click();
  const sent = page.getByRole("list", { name: "Photos sent" });
  await expect(sent.getByText("Verified", { exact: true })).toBeVisible();
  await expect(sent.getByText("Taken in the portal's camera on the site, and sent at once.")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole("link", { name: "Back to the photos" }).click();
  await expect(page.getByRole("button", { name: /^Open photo: Site photo 1 \(Verified\)$/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/projects/${project.id}/capture`);
  await expect(page.getByRole("button", { name: "Take photo" })).toBeEnabled();
  await expectNoHorizontalOverflow(page, "the capture screen at 390 px");
});

test("a client checks the project's record and whether a forwarded photo is in it", async ({ page, request }) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Bola",
    client: "Chidi",
    project: "Lugbe bungalow ",
    description: "A bungalow.",
  });
  await setSite(request, office, project.id);
  const original = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#8a5a3c" } })
    .jpeg()
    .toBuffer();
  const added = await request.post(`/api/projects/${project.id}/images`, {
    headers: bearer(office),
    multipart: {
      source: "camera",
      capturedAt: new Date().toISOString(),
      latitude: "9.08262",
      longitude: "7.49511",
      accuracyMetres: "6",
      caption: "East wall of the boys' quarters",
      images: { name: "east-wall.jpg", mimeType: "image/jpeg", buffer: original },
    },
  });
  expect(added.status()).toBe(201);

  await signIn(page, client.email);
  await expect(page).toHaveURL("/dashboard");
  await page.goto(`/dashboard/projects/${project.id}?section=evidence`);
  await expect(page.getByRole("list", { name: "Evidence record" }).getByText("East wall of the boys' quarters")).toBeVisible();
  await page.getByRole("button", { name: "Check the record" }).click();
  await expect(page.getByText(/^The record is intact: 1 entry, each as it was written/)).toBeVisible();

  const fileInput = page.getByRole("region", { name: "Check a file" }).locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "IMG-20261127-WA0003.jpg", mimeType: "image/jpeg", buffer: original });
  await expect(page.getByText("In this project's record")).toBeVisible();
  await expect(page.getByRole("region", { name: "Check a file" }).getByText("Verified", { exact: true })).toBeVisible();
  const recompressed = await sharp(original).jpeg({ quality: 40 }).toBuffer();
  await fileInput.setInputFiles({ name: "forwarded.jpg", mimeType: "image/jpeg", buffer: recompressed });
  await expect(page.getByText("Not in this project's record.")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("a client asks for a live check, the site answers it in the portal's camera, and the client sees it answered and verified", async ({
  browser,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Kemi",
    client: "Tunde",
    project: "Katampe villa ",
    description: "A villa.",
  });
  await setSite(request, office, project.id);
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=live-checks`);
  await clientPage.getByLabel("What should the site show you?").fill("The east wall of the boys' quarters");
  await clientPage.getByRole("button", { name: "Ask for a live check" }).click();
  const checks = clientPage.getByRole("list", { name: "Live checks" });
  await expect(checks.getByText("Open", { exact: true })).toBeVisible();
  const code = ((await checks.locator(".font-mono").first().textContent()) ?? "").replace(/\D/g, "");
  expect(code).toMatch(/^[0-9]{4}$/);

  const siteContext = await browser.newContext({
    permissions: ["geolocation", "camera"],
    geolocation: { latitude: 9.08265, longitude: 7.49512, accuracy: 8 },
  });
  const sitePage = await siteContext.newPage();
  await signIn(sitePage, office.email);
  await expect(sitePage).toHaveURL("/dashboard/projects");
  await sitePage.goto(`/dashboard/projects/${project.id}?section=live-checks`);
  await sitePage.getByRole("link", { name: "Answer with the camera" }).click();
  await expect(
    sitePage.getByText(`Write ${code} on a card and keep it in the photo with The east wall of the boys' quarters.`),
  ).toBeVisible();
  await expect(sitePage.getByRole("status").filter({ hasText: "On the site" })).toBeVisible();
  await sitePage.getByRole("button", { name: "Take photo" }).click();
  await sitePage.getByRole("button", { name: "Send photo" }).click();
  await expect(sitePage.getByRole("list", { name: "Photos sent" }).getByText("Verified", { exact: true })).toBeVisible();

  // The client's open page follows: the check is answered, its photo verified.
  await clientPage.reload();
  await expect(checks.getByText("Answered", { exact: true })).toBeVisible();
  await expect(
    clientPage.getByRole("list", { name: "Answer to: The east wall of the boys' quarters" }).getByRole("button", { name: /\(Verified\)$/ }),
  ).toBeVisible();
  await expectNoSeriousViolations(clientPage);
  await clientContext.close();
  await siteContext.close();
});

test("a site engineer records a 5-second video in the portal's camera on the site, verified, and the client plays it", async ({
  page,
  browser,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Sani",
    client: "Adaeze",
    project: "Gwarinpa duplex ",
    description: "A duplex.",
  });
  await setSite(request, office, project.id);
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}/capture`);
  await expect(page.getByRole("status").filter({ hasText: "On the site" })).toBeVisible();
  await page.getByLabel("Caption of the next photos").fill("Walk round the ground floor");

  await page.getByRole("button", { name: "Record video" }).click();
  const clock = page.getByRole("status").filter({ hasText: "Recording" });
  // The recorder's own clock says when five seconds are on the clip.
  await expect(clock).toHaveText("Recording 0:05 of 3:00", { timeout: 15_000 });
  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(page.getByText("Recorded in the portal's camera.")).toBeVisible();
  await page.getByRole("button", { name: "Send video" }).click();
  const sent = page.getByRole("list", { name: "Videos sent" });
  await expect(sent.getByText("Verified", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(sent.getByText("Walk round the ground floor")).toBeVisible();
  await expectNoSeriousViolations(page);

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=videos`);
  const player = clientPage.getByRole("list", { name: "Project videos" }).getByLabel("Walk round the ground floor");
  await expect(player).toBeVisible();
  await expect(clientPage.getByRole("list", { name: "Project videos" }).getByText("Verified", { exact: true })).toBeVisible();
  // The browser plays the converted MP4: five seconds of it, give or take the recorder's last chunk.
  const seconds = await player.evaluate(
    (element) =>
      new Promise<number>((resolve, reject) => {
        const video = element as HTMLVideoElement;
        video.addEventListener("loadedmetadata", () => resolve(video.duration), { once: true });
        video.addEventListener("error", () => reject(new Error(`the video did not load: ${video.error?.message}`)), { once: true });
        video.preload = "metadata";
        video.load();
      }),
  );
  expect(seconds).toBeGreaterThan(4);
  expect(seconds).toBeLessThan(8);
  await expectNoSeriousViolations(clientPage);
  await clientContext.close();
});

import sharp from "sharp";
import { signIn } from "./accounts";
import { chromiumArgs, chromiumExecutable, grantMediaArgs, mediaArgs } from "./chromium";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { clientWithAProject } from "./projects-kit";

/** The phone stands at the gate of a site in Maitama, Abuja; the fake camera's test picture is what it photographs. */
test.use({
  launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs, ...mediaArgs, ...grantMediaArgs] },
  permissions: ["geolocation", "camera"],
  geolocation: { latitude: 9.08265, longitude: 7.49512, accuracy: 8 },
});
test.describe.configure({ timeout: 180_000 });

const POINT = "Gate, looking north";

/** A real photo of one colour (the server checks and re-encodes it). */
async function photoOf(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

test("the office names a photo point, photos sent from it form its series, and the client compares them and plays the time-lapse", async ({
  page,
  browser,
  request,
}) => {
  const { office, client, project } = await clientWithAProject(request, {
    staff: "Hauwa",
    client: "Emeka",
    project: "Maitama gatehouse ",
    description: "A gatehouse and a fence.",
  });
  await signIn(page, office.email);
  await expect(page).toHaveURL("/dashboard/projects");
  await page.goto(`/dashboard/projects/${project.id}?section=photo-points`);
  await expect(page.getByText("No photo point yet.")).toBeVisible();

  const add = page.getByRole("region", { name: "Add a photo point" });
  await add.getByLabel("Name of the point").fill(POINT);
  await add.getByRole("button", { name: "Use my position" }).click();
  await expect(add.getByRole("status")).toHaveText("Position: 9.08265, 7.49512 (to within 8 m).");
  await add.getByLabel("Bearing in degrees from north").fill("350");
  await add.getByRole("button", { name: "Add photo point" }).click();

  const opened = page.getByRole("region", { name: POINT });
  await expect(opened.getByText("No photo from this point yet.")).toBeVisible();
  await expect(opened.getByText(/facing 350° from north/)).toBeVisible();
  await opened.getByLabel("Choose photos").setInputFiles([await photoOf("march.jpg", "#8a5a3c")]);
  await opened.getByRole("button", { name: "Upload photo" }).click();
  const series = opened.getByRole("list", { name: `Photos from ${POINT}, oldest first` });
  await expect(series.getByRole("listitem")).toHaveCount(1);
  await expect(opened.getByText("A second photo from this point brings the before and after and the time-lapse.")).toBeVisible();
  await expectNoSeriousViolations(page);

  // The next one from the portal's camera, the point chosen beside the milestone.
  await page.goto(`/dashboard/projects/${project.id}/capture`);
  await page.getByLabel("Photo point").selectOption({ label: POINT });
  await page.getByRole("button", { name: "Take photo" }).click();
  await page.getByRole("button", { name: "Send photo" }).click();
  await expect(page.getByRole("list", { name: "Photos sent" }).getByRole("listitem")).toHaveCount(1);

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email);
  await expect(clientPage).toHaveURL("/dashboard");
  await clientPage.goto(`/dashboard/projects/${project.id}?section=photo-points`);
  await expect(clientPage.getByRole("region", { name: "Add a photo point" })).toHaveCount(0);
  await clientPage.getByRole("button", { name: new RegExp(`^${POINT}`) }).click();
  const clientSeries = clientPage.getByRole("list", { name: `Photos from ${POINT}, oldest first` });
  await expect(clientSeries.getByRole("listitem")).toHaveCount(2);
  await expect(clientSeries.getByRole("button", { name: /\(Unverified\)$/ })).toHaveCount(2);

  const slider = clientPage.getByRole("slider", { name: "Share of the after photo shown" });
  await expect(slider).toHaveValue("50");
  await slider.focus();
  await clientPage.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("55");
  await clientPage.keyboard.press("Home");
  await expect(slider).toHaveValue("0");
  await expect(clientPage.getByRole("img", { name: new RegExp(`^${POINT}, after:`) })).toHaveCSS("clip-path", "inset(0px 100% 0px 0px)");

  const timelapse = clientPage.getByRole("img", { name: `Time-lapse of ${POINT}: 2 photos, oldest first, looping` });
  await expect(timelapse).toBeVisible();
  await expect.poll(() => timelapse.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectNoSeriousViolations(clientPage);

  await clientPage.setViewportSize({ width: 390, height: 844 });
  await expect(timelapse).toBeVisible();
  await expectNoHorizontalOverflow(clientPage, "a photo point at 390 px");
  await clientContext.close();
});

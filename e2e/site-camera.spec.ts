import { chromiumArgs, chromiumExecutable, grantMediaArgs, mediaArgs } from "./chromium";
import { expect, expectNoHorizontalOverflow, expectNoSeriousViolations, test } from "./fixtures";
import { engineerOnAProject } from "./projects-kit";
import { phoneOnSite, reloadOffline, unexpectedErrors } from "./site-kit";

/** A site in Jahi, Abuja, and the phone standing in it: the fake camera's test picture is what it photographs. */
const SITE = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
test.use({ launchOptions: { executablePath: chromiumExecutable, args: [...chromiumArgs, ...mediaArgs, ...grantMediaArgs] } });
test.describe.configure({ timeout: 120_000 });

test("photos taken in the site app's camera with no signal wait in the outbox and arrive verified against the site", async ({
  browser,
  request,
}) => {
  const { office, engineer, project } = await engineerOnAProject(request, {
    title: "Jahi duplex ",
    description: "A duplex.",
    category: "residential",
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const placed = await request.put(`/api/projects/${project.id}`, { data: { site: SITE }, headers: bearer(office.accessToken) });
  expect(placed.status()).toBe(200);

  const { context, page, errors, card, outbox } = await phoneOnSite(browser, engineer, project.title, {
    permissions: ["geolocation", "camera"],
    geolocation: { latitude: 9.08265, longitude: 7.49512, accuracy: 8 },
  });
  await reloadOffline(page);

  // 'Add photos' is the camera, with the phone's position; each photo taken goes to the outbox at once.
  await card.getByRole("button", { name: "Add photos" }).click();
  await expect(card.getByText("Position known to within 8 m: photos taken now carry it.")).toBeVisible();
  const take = card.getByRole("button", { name: "Take photo" });
  await expect(take).toBeEnabled();
  await take.click();
  await expect(card.getByText("1 photo taken, kept in the outbox below.")).toBeVisible();
  await take.click();
  await expect(card.getByText("2 photos taken, kept in the outbox below.")).toBeVisible();
  await expect(outbox.getByText("Waiting to send", { exact: true })).toHaveCount(2);
  // The pointer is still on 'Take photo': its hover colours are judged too.
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await expectNoSeriousViolations(page);
  }
  await expectNoHorizontalOverflow(page, "/site's camera at 360 px");

  await context.setOffline(false);
  await expect(outbox.getByText("Sent", { exact: true })).toHaveCount(2, { timeout: 30_000 });
  const gallery = await (await request.get(`/api/projects/${project.id}/images`, { headers: bearer(engineer.accessToken) })).json();
  expect(gallery.data.items).toHaveLength(2);
  for (const photo of gallery.data.items) expect(photo).toMatchObject({ source: "camera", verdict: "verified" });
  expect(unexpectedErrors(errors)).toEqual([]);
  await context.close();
});

import { signedInClient } from "./accounts";
import { expect as baseExpect, expectNoHorizontalOverflow, expectNoSeriousViolations, test, waitForHydration } from "./fixtures";

// A journey signs up and in, each new page's code loads on first visit, and axe reads the long notice whole: more than
// the default times on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test("a visitor opens the privacy notice from the footer, jumps to their rights and uses one in Settings", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
  await expect(page).toHaveTitle(/Privacy notice/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/privacy$/);

  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Your rights and how to use them" }).click();
  await expect(page).toHaveURL("/privacy#your-rights");
  await expect(page.getByRole("heading", { name: "Your rights and how to use them" })).toBeInViewport();

  // From the footer to the terms, and from the terms back to the notice.
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of use");
  await page.getByRole("main").getByRole("link", { name: "privacy notice" }).click();
  await expect(page).toHaveURL("/privacy");

  // Signed in, the notice's link to the right of access lands on the section that gives the copy.
  await signedInClient(page, "privacy");
  await page.goto("/privacy");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Settings → Your data" }).click();
  await expect(page).toHaveURL("/settings#your-data");
  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
});

test("the registration form and the sign-in screens link the terms and the privacy notice", async ({ page }) => {
  await page.goto("/register");
  await waitForHydration(page);
  const form = page.locator("form");
  await expect(form.getByText("By creating an account you accept our terms of use.")).toBeVisible();
  await form.getByRole("link", { name: "terms of use" }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of use");

  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
});

test("the contact page offers WhatsApp, the social networks and the office on the site's own map", async ({ page, baseURL }) => {
  const site = new URL(baseURL ?? "http://localhost").origin;
  const outside: string[] = [];
  page.on("request", (request) => {
    if (/^https?:/.test(request.url()) && !request.url().startsWith(site)) outside.push(request.url());
  });
  await page.goto("/contact");
  await waitForHydration(page);
  const details = page.getByRole("complementary", { name: "Visit or call us" });
  await expect(details.getByRole("link", { name: /^Chat with us on WhatsApp/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d{10,15}\?text=/,
  );
  const socials = details.getByRole("list", { name: "Follow us" });
  for (const network of ["Facebook", "Instagram", "LinkedIn", "X"]) {
    await expect(socials.getByRole("link", { name: new RegExp(`^${network} `) })).toHaveAttribute("href", /^https:\/\//);
  }

  const map = page.getByRole("region", { name: "Find our office" });
  await map.scrollIntoViewIfNeeded();
  const image = map.getByRole("img", { name: /^Street plan of Abuja with our office marked at/ });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await expect(map.getByRole("link", { name: "Open in a maps app" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
  );
  // No map tiles, scripts or fonts fetched from elsewhere.
  expect(outside).toEqual([]);
});

for (const scheme of ["light", "dark"] as const) {
  for (const path of ["/privacy", "/terms", "/contact", "/register"]) {
    test(`${path} has no serious accessibility violation and nothing overflows at 360 px in ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      // The whole page, the map included.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expectNoSeriousViolations(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalOverflow(page, `${path} in ${scheme}`);
    });
  }
}

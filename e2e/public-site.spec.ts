import { expect, expectNoHorizontalOverflow, test, waitForHydration } from "./fixtures";

test("a visitor walks every public page through the navigation", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [label, path, heading] of [
    ["About", "/about", /.+/],
    ["Services", "/services", "Construction services"],
    ["Projects", "/projects", "Our Projects"],
    ["Blog", "/blog", "Blog"],
    ["Contact", "/contact", "Contact Us"],
    ["Home", "/", /.+/],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(/Crestbuild/);
  }
});

test("services and blog filter by category, and a post can be read", async ({ page }) => {
  await page.goto("/services");
  await waitForHydration(page);
  const serviceFilter = page.getByRole("navigation", { name: /service/i });
  await serviceFilter.getByRole("link", { name: /infrastructure/i }).click();
  await expect(page).toHaveURL("/services/infrastructure");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/infrastructure/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services\/infrastructure$/);

  await page.goto("/blog");
  await waitForHydration(page);
  await page
    .getByRole("navigation", { name: /categor/i })
    .getByRole("link", { name: "Technology" })
    .click();
  await expect(page).toHaveURL("/blog/technology");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technology articles");
  const firstPost = page.getByRole("article").first().getByRole("heading");
  const title = (await firstPost.textContent())?.trim() ?? "";
  await firstPost.getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/technology\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
});

test("the contact form explains mistakes, keeps what was typed, then confirms", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("Chinedu Okafor");
  await page.getByLabel("Email", { exact: true }).fill("chinedu@example");
  await page.getByLabel("Subject", { exact: true }).fill("Office fit-out in Jabi");
  await page.getByLabel("Message", { exact: true }).fill("Short");
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Please tell us a little more (at least 10 characters).")).toBeVisible();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("Office fit-out in Jabi");

  await page.getByLabel("Email", { exact: true }).fill("chinedu@example.com");
  await page
    .getByLabel("Message", { exact: true })
    .fill("We need a 600 m² office fit-out on the third floor of a building in Jabi by March.");
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your message has been received" })).toBeVisible();
});

test("on a phone, the contact form's confirmation comes into view below the sticky header", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("Chinedu Okafor");
  await page.getByLabel("Email", { exact: true }).fill("chinedu@example.com");
  await page.getByLabel("Subject", { exact: true }).fill("Office fit-out in Jabi");
  await page
    .getByLabel("Message", { exact: true })
    .fill("We need a 600 m² office fit-out on the third floor of a building in Jabi by March.");
  await page.getByRole("button", { name: /send/i }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Your message has been received" });
  await expect(confirmation).toBeFocused();
  const header = await page.locator("header").first().boundingBox();
  const box = await confirmation.boundingBox();
  expect(
    box && header && box.y >= header.y + header.height,
    `confirmation at ${box?.y}, header ends at ${header && header.y + header.height}`,
  ).toBe(true);
  expect(box && box.y + box.height <= 844).toBe(true);
});

test("the contact form sent empty names every field it needs, its validators loaded at that first use", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("button", { name: /send/i }).click();
  for (const message of [
    "Please enter your name.",
    "Please enter a valid email address.",
    "Please enter a subject.",
    "Please tell us a little more (at least 10 characters).",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const phone = page.getByLabel(/^Phone/);
  await phone.fill("12");
  await phone.blur();
  await expect(page.getByText("Please enter a valid phone number.", { exact: true })).toBeVisible();
});

test("when sending fails, the contact form says why and keeps everything typed", async ({ page }) => {
  await page.route("**/api/contact", (route) =>
    route.fulfill({
      status: 429,
      headers: { "retry-after": "120" },
      contentType: "application/json",
      body: JSON.stringify({
        success: false,
        data: null,
        message: "Too many requests. Please wait 120 seconds and try again.",
        error: "rate_limited",
      }),
    }),
  );
  await page.goto("/contact");
  await waitForHydration(page);
  const typed = {
    Name: "Ngozi Eze",
    Email: "ngozi@example.com",
    Subject: "Borehole and water tank",
    Message: "Please quote for a borehole with a 10,000-litre overhead tank in Lugbe.",
  };
  for (const [label, value] of Object.entries(typed)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many requests. Please wait 120 seconds and try again." })).toBeVisible();
  for (const [label, value] of Object.entries(typed)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
});

test("a route change animates out the old screen before the new one comes in", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const oldHeading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  // Every frame, note the heading on screen and whether something is animating (a busy machine may be slow to look).
  await page.evaluate(() => {
    const frames: { heading: string; fading: boolean }[] = [];
    (window as unknown as { frames_: typeof frames }).frames_ = frames;
    const sample = () => {
      frames.push({
        heading: document.querySelector("h1")?.textContent ?? "",
        fading: document.getAnimations().some((animation) => animation.playState === "running"),
      });
      if (frames.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }).click();
  await expect(page).toHaveURL("/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Construction services");
  const frames = await page.evaluate(() => (window as unknown as { frames_: { heading: string; fading: boolean }[] }).frames_);
  // The old screen faded out while still shown, and the new one came in after it ('wait' mode).
  const firstNew = frames.findIndex((frame) => frame.heading === "Construction services");
  expect(firstNew).toBeGreaterThan(0);
  expect(frames.slice(0, firstNew).some((frame) => frame.heading === oldHeading && frame.fading)).toBe(true);
  expect(frames.slice(firstNew).some((frame) => frame.heading === oldHeading)).toBe(false);
});

test("an unknown path shows Page Not Found with a 404 and leads home", async ({ page }) => {
  const response = await page.goto("/this/page/does-not-exist");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await page.getByRole("main").getByRole("link", { name: /home/i }).click();
  await expect(page).toHaveURL("/");
});

test("on a 360 px phone the menu opens from a button and nothing overflows sideways", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await waitForHydration(page);
  await expectNoHorizontalOverflow(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL("/projects");
  await expectNoHorizontalOverflow(page);
});

declare global {
  interface Window {
    policyViolations?: string[];
  }
}

// The Content-Security-Policy forbids eval: a script that even tries it (and catches the refusal) is reported by the
// browser as an issue, which costs Lighthouse's Best Practices. The forms' validation library must not try.
test("the contact form and the sign-in screen break no rule of the Content-Security-Policy", async ({ page }) => {
  await page.addInitScript(() => {
    window.policyViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.policyViolations?.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.columnNumber}`);
    });
  });
  for (const path of ["/contact", "/login"]) {
    await page.goto(path);
    await waitForHydration(page);
    await page.getByLabel(/email/i).first().fill("not an address");
    await page.getByLabel(/email/i).first().blur();
    expect(await page.evaluate(() => window.policyViolations), path).toEqual([]);
  }
});

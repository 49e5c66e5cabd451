import { beforeAll, describe, expect, it } from "vitest";
import { legalPages } from "../../../shared/legal.js";
import { countOf } from "../../../shared/plural.js";
import { RETENTION, SESSION_LIMITS } from "../../../shared/retention.js";
import { contentDir } from "../../paths.js";
import { readPage } from "../../testing/html.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { type ContentFiles, readContentFiles } from "./content-files.js";

// The pages only read: one server for the whole file.
const { server } = setUpTestServer({}, { once: true });
let content: ContentFiles;
beforeAll(async () => {
  content = await readContentFiles(contentDir);
});

async function getPage(path: string) {
  const response = await fetch(server().url(path));
  return { status: response.status, page: readPage(await response.text()) };
}

describe("the privacy notice", () => {
  it("states the durations the server applies, read from the one place both use", async () => {
    // The purge, the analytics roll-up and the session rules read these same figures (src/shared/retention.ts).
    const { status, page } = await getPage("/privacy");
    expect(status).toBe(200);
    const text = page.bodyText;
    expect(text).toContain(`The access log: ${countOf(RETENTION.securityEventsDays, "day")}, then it is deleted automatically`);
    expect(text).toContain(`their text is erased after ${countOf(RETENTION.mailBodyDays, "day")}`);
    expect(text).toContain(`is deleted after ${countOf(RETENTION.mailDays, "day")}`);
    expect(text).toContain(`each counted page view is deleted after ${countOf(RETENTION.pageViewsDays, "day")}`);
    expect(text).toContain(`deleted ${countOf(RETENTION.oneTimeCodesDaysAfterExpiry, "day")} after they expire`);
    expect(text).toContain(`after ${countOf(SESSION_LIMITS.idleMinutes, "minute")} without use`);
    expect(text).toContain(`${countOf(SESSION_LIMITS.maxHours, "hour")} after you signed in`);
  });

  it("names the controller from the company's details and leads to each right's place in /settings", async () => {
    const { page } = await getPage("/privacy");
    expect(page.bodyText).toContain(`${content.company.name} ("${content.company.shortName}", "we")`);
    expect(page.bodyText).toContain(content.company.address.street);
    expect(page.bodyText).toContain("Nigeria Data Protection Act 2023");
    expect(page.bodyText).toContain("Nigeria Data Protection Commission");
    expect(page.links).toContain(`mailto:${content.company.email}`);
    for (const section of ["your-data", "profile", "email", "delete-account", "notifications"]) {
      expect(page.links).toContain(`/settings#${section}`);
    }
    expect(page.links).toContain(legalPages.terms.path);
  });
});

describe("links to the privacy notice and the terms", () => {
  it.each(["/", "/about", "/contact", "/blog", "/privacy", "/terms", "/no-such-page", "/login", "/register", "/forgot-password"])(
    "the footer of %s links both",
    async (path) => {
      const { page } = await getPage(path);
      expect(page.links).toContain("/privacy");
      expect(page.links).toContain("/terms");
    },
  );

  it("the registration form says that creating an account accepts the terms, with both links", async () => {
    const { page } = await getPage("/register");
    expect(page.bodyText).toContain("By creating an account you accept our terms of use.");
    // The footer's links and the form's: each twice.
    expect(page.links.filter((href) => href === "/terms")).toHaveLength(2);
    expect(page.links.filter((href) => href === "/privacy")).toHaveLength(2);
  });
});

describe("the contact page's ways to reach the company", () => {
  it("offers WhatsApp, the social networks and the office on a map, all from the company's details", async () => {
    const response = await fetch(server().url("/contact"));
    const html = await response.text();
    const page = readPage(html);
    const { company } = content;
    expect(company.whatsapp).toBeTruthy();
    expect(page.links).toContain(
      `https://wa.me/${company.whatsapp?.replace(/\D/g, "")}?text=${encodeURIComponent(`Hello ${company.shortName}, I would like to talk about a project.`)}`,
    );
    expect(page.bodyText).toContain("Chat with us on WhatsApp");
    for (const href of Object.values(company.socials)) expect(page.links).toContain(href);
    expect(page.links).toContain(`https://www.google.com/maps/search/?api=1&query=${company.geo.latitude},${company.geo.longitude}`);
    // The map is the site's own image: no map script or tile from elsewhere.
    const map = /<img [^>]*src="(\/images\/contact\/office-map\.svg)"[^>]*>/.exec(html);
    expect(map?.[0]).toContain('alt="Street plan of Abuja with our office marked at');
    expect(html).not.toMatch(/<script[^>]+src="https?:\/\//);
    const image = await fetch(server().url(map?.[1] ?? ""));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
  });
});

import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { services, siteContent } from "../db/schema.js";
import { readPage } from "../testing/html.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { startTestServer, type TestServer, testDatabase } from "../testing/test-app.js";

// Two instances on one database, as behind a load balancer; with TEST_REDIS_URL they also share Redis, under a key
// prefix of this run's own (another test file may be using Redis at the same time).
const env: Record<string, string> = process.env.TEST_REDIS_URL
  ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `crestbuild-test-${randomUUID()}:` }
  : {};
const { server: first, mail, call, people } = setUpTestServer(env);
let second: TestServer;
beforeEach(async () => {
  second = await startTestServer({ ...env, SMTP_URL: mail().url }, { keepData: true });
});
afterEach(() => second.close());

const instances = () => [first(), second];

async function pageText(instance: TestServer, path: string) {
  const response = await fetch(instance.url(path));
  expect(response.status).toBe(200);
  return readPage(await response.text()).bodyText;
}

/** Each instance renders and keeps the page, so that what follows proves the kept copy is dropped. */
async function cacheOnBoth(path: string, expected: string) {
  for (const instance of instances()) {
    for (let i = 0; i < 2; i++) expect(await pageText(instance, path)).toContain(expected);
  }
}

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

describe("the rendered-page cache on two instances", () => {
  it("shows a post published through one instance on the next request to either", async () => {
    await cacheOnBoth("/blog", "Blog");
    const writer = await people.staff("dayo@crestbuild.ng", "Digital Marketing");
    const title = "Site safety in the rainy season";
    const created = await call(
      "/blog/manage/posts",
      {
        title,
        category: "company-news",
        excerpt: "How our sites stay safe when the rains come, week by week.",
        bodyMarkdown: "## Drains first\n\nText.",
      },
      writer.auth,
    );
    expect(created.status).toBe(201);
    for (const instance of instances()) expect(await pageText(instance, "/blog")).not.toContain(title);
    expect((await call(`/blog/manage/posts/${created.body.data.id}/publish`, {}, writer.auth)).status).toBe(200);
    for (const instance of instances()) expect(await pageText(instance, "/blog")).toContain(title);
  });

  it("shows a changed service and changed contact details on the next request to either instance", async () => {
    await cacheOnBoth("/services/residential", "Residential");
    await cacheOnBoth("/contact", "+234 9 291 4470");
    // No screen edits these yet: an operator's SQL counts the same, through the database's triggers.
    const { db } = await testDatabase();
    await db.update(services).set({ name: "Homes and estates" }).where(eq(services.slug, "residential"));
    await db
      .update(siteContent)
      .set({ value: sql`jsonb_set(${siteContent.value}, '{phone}', '"+234 9 000 1234"')` })
      .where(eq(siteContent.key, "company"));
    for (const instance of instances()) {
      expect(await pageText(instance, "/services/residential")).toContain("Homes and estates");
      const contact = await pageText(instance, "/contact");
      expect(contact).toContain("+234 9 000 1234");
      expect(contact).not.toContain("+234 9 291 4470");
    }
  });

  it("gives every response its own nonce, the one its CSP names, cached or not", async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => fetch(instances()[i % 2]?.url(i % 4 < 2 ? "/" : "/about") ?? "")),
    );
    const nonces = await Promise.all(
      responses.map(async (response) => {
        const nonce = nonceOf(await response.text());
        expect(nonce).toMatch(/^[\w-]{22}$/);
        expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
        return nonce;
      }),
    );
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("answers 304 to a browser that has the page, until the page changes", async () => {
    const firstResponse = await fetch(first().url("/about"));
    const etag = firstResponse.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    expect(firstResponse.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=30");
    // The same page on the other instance has the same ETag.
    expect((await fetch(second.url("/about"))).headers.get("etag")).toBe(etag);
    for (const instance of instances()) {
      const again = await fetch(instance.url("/about"), { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      // A new CSP would not match the nonce of the copy the browser keeps.
      expect(again.headers.get("content-security-policy")).toBeNull();
    }
    const { db } = await testDatabase();
    await db
      .update(siteContent)
      .set({ value: sql`jsonb_set(${siteContent.value}, '{heading}', '"Builders of Abuja"')` })
      .where(eq(siteContent.key, "about"));
    const changed = await fetch(second.url("/about"), { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(readPage(await changed.text()).h1).toEqual(["Builders of Abuja"]);
  });

  it("keeps made-up addresses from answering anything but the 404 page", async () => {
    const response = await fetch(first().url("/no-such-page?x=1"));
    expect(response.status).toBe(404);
    expect(response.headers.get("etag")).not.toBeNull();
    const again = await fetch(first().url("/no-such-page?x=1"), { headers: { "if-none-match": response.headers.get("etag") ?? "" } });
    expect(again.status).toBe(404);
  });
});

import { describe, expect, it } from "vitest";
import { readPage } from "../testing/html.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";

const { server } = setUpTestServer({}, { once: true });

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1] ?? "";

/** A page's status, ETag and HTML with its response's nonce taken out (the rest is the same for one cached copy). */
async function pageAt(path: string) {
  const response = await fetch(server().url(path));
  const html = await response.text();
  return { status: response.status, etag: response.headers.get("etag"), html: html.split(nonceOf(html)).join("NONCE") };
}

describe("addresses that name no page", () => {
  it("answers 404 with the not-found page, never 500, for a malformed slug, a page number beyond any list or a NUL character", async () => {
    for (const path of [
      "/services/foo%20bar",
      "/blog?page=99999999999999999999",
      "/projects?page=99999999999999999999",
      "/blog/company-news?page=1e300",
      "/services/a%00b",
      "/projects?category=%00",
    ]) {
      const page = await pageAt(path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(readPage(page.html).h1).toContain("Page Not Found");
    }
  });
});

describe("the rendered-page cache and the query", () => {
  it("serves one kept copy for any unknown query parameters, so that made-up ones neither fill the cache nor get past it", async () => {
    const first = await pageAt("/about?x=1");
    expect(first.status).toBe(200);
    for (const path of ["/about?x=2", "/about?utm_source=mail&x=3", "/about", "/about?x=1&x=2&y"]) {
      const again = await pageAt(path);
      expect({ path, etag: again.etag }).toEqual({ path, etag: first.etag });
      // The very same rendering: a new one would carry the time its data was fetched.
      expect(again.html).toBe(first.html);
    }
  });

  it("keeps the parameters pages read apart, in any order", async () => {
    const [plain, second, again] = [
      await pageAt("/projects"),
      await pageAt("/projects?page=2&utm_source=a"),
      await pageAt("/projects?x=1&page=2"),
    ];
    expect(second.etag).not.toBe(plain.etag);
    expect(again.html).toBe(second.html);
    const residential = await pageAt("/projects?category=residential&page=1");
    expect(await pageAt("/projects?page=1&category=residential")).toEqual(residential);
  });
});

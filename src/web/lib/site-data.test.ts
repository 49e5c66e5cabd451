import { afterEach, describe, expect, it, vi } from "vitest";
import { FRESH_MS, KEPT_MS } from "./query/cache-rules";
import { createSiteData } from "./site-data";

/** A fetcher that answers each path with its name and a running count, and records what it was asked. */
function countingFetcher() {
  const asked: string[] = [];
  return {
    asked,
    fetchPath: async (path: string) => {
      asked.push(path);
      return { path, answer: asked.length };
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the public site's data cache (docs/product.md#toasts-and-query-cache rules)", () => {
  it("shows what the server's render loaded without asking again, and hands it on as a snapshot", async () => {
    const server = countingFetcher();
    const onServer = createSiteData(server.fetchPath);
    await Promise.all(["/content/company", "/services"].map(onServer.load));
    const inBrowser = countingFetcher();
    const browser = createSiteData(inBrowser.fetchPath, onServer.snapshot());
    expect(browser.peek("/services")).toMatchObject({ data: { path: "/services", answer: 2 } });
    browser.noteRead("/services");
    expect(inBrowser.asked).toEqual([]);
  });

  it("asks once for a path however many screens want it at the same moment", async () => {
    const fetcher = countingFetcher();
    const siteData = createSiteData(fetcher.fetchPath);
    await Promise.all([siteData.load("/blog/posts"), siteData.load("/blog/posts"), siteData.load("/blog/posts")]);
    expect(fetcher.asked).toEqual(["/blog/posts"]);
  });

  it("keeps a failure for the error boundary until 'Try again' forgets it; a failed refresh keeps the data shown", async () => {
    let fail = true;
    const siteData = createSiteData(async (path) => {
      if (fail) throw new Error(`${path} is unreachable`);
      return "fresh";
    });
    await siteData.load("/content/about");
    expect(siteData.peek("/content/about")).toMatchObject({ error: new Error("/content/about is unreachable") });
    siteData.forgetFailures();
    expect(siteData.peek("/content/about")).toBeUndefined();
    fail = false;
    await siteData.load("/content/about");
    fail = true;
    await siteData.load("/content/about");
    expect(siteData.peek("/content/about")).toMatchObject({ data: "fresh" });
    expect(siteData.peek("/content/about")).not.toHaveProperty("error");
  });

  it("refreshes in the background what is older than 5 minutes when read, and drops what nobody read for 10", async () => {
    vi.useFakeTimers();
    const fetcher = countingFetcher();
    const siteData = createSiteData(fetcher.fetchPath, { "/content/home": "from the server", "/content/about": "from the server" });
    vi.advanceTimersByTime(FRESH_MS - 1000);
    siteData.noteRead("/content/home");
    expect(fetcher.asked).toEqual([]);
    vi.advanceTimersByTime(2000);
    siteData.noteRead("/content/home");
    expect(siteData.peek("/content/home")).toMatchObject({ data: "from the server" });
    await vi.waitFor(() => expect(siteData.peek("/content/home")).toMatchObject({ data: { answer: 1 } }));

    vi.advanceTimersByTime(KEPT_MS);
    await siteData.load("/services");
    expect(siteData.peek("/content/about")).toBeUndefined();
    expect(siteData.peek("/services")).toBeDefined();
  });

  it("after a change in the portal refreshes the paths on screen, tells their readers, and forgets the others", async () => {
    const fetcher = countingFetcher();
    const siteData = createSiteData(fetcher.fetchPath, {
      "/blog/posts": "old list",
      "/blog/posts?page=2": "old page 2",
      "/services": "services",
    });
    const told = vi.fn();
    const stopListening = siteData.subscribe("/blog/posts", told);
    siteData.invalidate("/blog/posts");
    expect(siteData.peek("/blog/posts?page=2")).toBeUndefined();
    expect(siteData.peek("/services")).toMatchObject({ data: "services" });
    await vi.waitFor(() => expect(siteData.peek("/blog/posts")).toMatchObject({ data: { path: "/blog/posts" } }));
    expect(told).toHaveBeenCalled();
    expect(fetcher.asked).toEqual(["/blog/posts"]);
    stopListening();
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE, PORTFOLIO_PAGE_SIZE } from "../../../shared/content.js";
import { blogPosts, projects } from "../../db/schema.js";
import { expectTwoPages, storeProjects } from "../../testing/paging.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call } = setUpTestServer();
const db = async () => (await testDatabase()).db;

async function publishPosts(count: number) {
  await (await db()).insert(blogPosts).values(
    Array.from({ length: count }, (_, index) => ({
      slug: `site-note-${index}`,
      category: "company-news" as const,
      title: `Site note ${index}`,
      excerpt: "A short note from site.",
      bodyMarkdown: "Blockwork reached lintel level.",
      authorName: "Crestbuild",
      status: "published" as const,
      publishedAt: new Date(Date.UTC(2026, 0, 1 + index)),
    })),
  );
}

describe("GET /api/blog/posts", () => {
  it("counts the pages of six, and has no page past the last", async () => {
    await (await db()).delete(blogPosts);
    await publishPosts(BLOG_PAGE_SIZE + 1);
    const [, second] = await expectTwoPages(call, "/blog/posts", BLOG_PAGE_SIZE);
    expect(second?.items.map((post: { title: string }) => post.title)).toEqual(["Site note 0"]);
    const beyond = await call("/blog/posts?page=3");
    expect(beyond.status).toBe(404);
    expect(beyond.body.message).toBe("Page was not found.");
  });

  it("answers one empty page when nothing is published", async () => {
    await (await db()).delete(blogPosts);
    const empty = await call("/blog/posts");
    expect(empty.body.data).toEqual({ items: [], total: 0, page: 1, pageSize: BLOG_PAGE_SIZE, pageCount: 1 });
    expect((await call("/blog/posts?page=2")).status).toBe(404);
  });
});

describe("GET /api/portfolio", () => {
  it("counts the pages of six, also within a category, and has no page past the last", async () => {
    await (await db()).update(projects).set({ isPortfolio: false });
    await storeProjects(PORTFOLIO_PAGE_SIZE + 1, "Maitama Residence", { isPortfolio: true, status: "completed" });
    await expectTwoPages(call, "/portfolio", PORTFOLIO_PAGE_SIZE);
    await expectTwoPages(call, "/portfolio?category=residential", PORTFOLIO_PAGE_SIZE);
    expect((await call("/portfolio?page=3")).status).toBe(404);

    await (await db()).update(projects).set({ isPortfolio: false }).where(eq(projects.slug, "maitama-residence-1"));
    expect((await call("/portfolio")).body.data).toMatchObject({ total: PORTFOLIO_PAGE_SIZE, pageCount: 1 });
    expect((await call("/portfolio?page=2")).status).toBe(404);
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MANAGED_POSTS_PAGE_SIZE } from "../../../shared/blog-admin.js";
import { blogPosts } from "../../db/schema.js";
import { readPage } from "../../testing/html.js";
import { jpegWithGps } from "../../testing/images.js";
import { expectTwoPages } from "../../testing/paging.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig, testDatabase } from "../../testing/test-app.js";

const ORIGIN = "https://www.crestbuild.test";
const { server, call, upload, people } = setUpTestServer();

const draft = {
  title: "Curing concrete in the harmattan",
  category: "technology",
  excerpt: "Dry winds pull water out of fresh concrete. Here is how our sites keep slabs wet for seven days.",
  bodyMarkdown:
    "## Keep it wet\n\nCover slabs with **wet hessian** for seven days.\n\n<script>alert('x')</script>\n\n[Ask us](javascript:alert(1))",
  keywords: ["harmattan", "concrete curing"],
};

const marketer = () => people.staff("dayo@crestbuild.ng", "Digital Marketing");

async function publicView(slug: string) {
  const [listing, blogPage, sitemap, postPage] = await Promise.all([
    call("/blog/posts"),
    fetch(server().url("/blog")).then((response) => response.text()),
    fetch(server().url("/sitemap.xml")).then((response) => response.text()),
    fetch(server().url(`/blog/technology/${slug}`)),
  ]);
  return {
    inApi: listing.body.data.items.some((item: { slug: string }) => item.slug === slug),
    onBlogPage: readPage(blogPage).bodyText.includes(draft.title),
    inSitemap: sitemap.includes(`<loc>${ORIGIN}/blog/technology/${slug}</loc>`),
    postPageStatus: postPage.status,
  };
}

describe("writing and publishing a blog post", () => {
  it("keeps a draft private, previews it sanitised, publishes it everywhere and unpublishes it from everywhere", async () => {
    const writer = await marketer();
    const created = await call("/blog/manage/posts", draft, writer.auth);
    expect(created.status).toBe(201);
    const post = created.body.data;
    expect(post).toMatchObject({
      slug: "curing-concrete-in-the-harmattan",
      status: "draft",
      publishedAt: null,
      authorId: writer.id,
      authorName: "Tunde Bakare",
      keywords: ["harmattan", "concrete curing"],
      path: "/blog/technology/curing-concrete-in-the-harmattan",
      wordCount: expect.any(Number),
    });
    expect(await publicView(post.slug)).toEqual({ inApi: false, onBlogPage: false, inSitemap: false, postPageStatus: 404 });
    expect((await call(`/blog/posts/${post.slug}`)).status).toBe(404);

    const preview = await call("/blog/preview", { bodyMarkdown: draft.bodyMarkdown }, writer.auth);
    expect(preview.status).toBe(200);
    expect(preview.body.data.html).toContain("<h2>Keep it wet</h2>");
    expect(preview.body.data.html).toContain("<strong>wet hessian</strong>");
    expect(preview.body.data.html).not.toContain("<script");
    expect(preview.body.data.html).not.toContain("javascript:");

    const published = await call(`/blog/manage/posts/${post.id}/publish`, {}, writer.auth);
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe("published");
    expect(Date.parse(published.body.data.publishedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await publicView(post.slug)).toEqual({ inApi: true, onBlogPage: true, inSitemap: true, postPageStatus: 200 });
    const publicPost = await call(`/blog/posts/${post.slug}`);
    expect(publicPost.body.data.bodyHtml).toBe(preview.body.data.html);

    const unpublished = await call(`/blog/manage/posts/${post.id}/unpublish`, {}, writer.auth);
    expect(unpublished.body.data.status).toBe("draft");
    expect(await publicView(post.slug)).toEqual({ inApi: false, onBlogPage: false, inSitemap: false, postPageStatus: 404 });

    // Publishing again keeps the date of the first publication.
    const republished = await call(`/blog/manage/posts/${post.id}/publish`, {}, writer.auth);
    expect(republished.body.data.publishedAt).toBe(published.body.data.publishedAt);
  });

  it("lists drafts and published posts with counts, and edits and deletes a post", async () => {
    const admin = await people.admin();
    const first = (await call("/blog/manage/posts", draft, admin.auth)).body.data;
    const second = (await call("/blog/manage/posts", { ...draft, title: "Solar backup for new homes", category: "projects" }, admin.auth))
      .body.data;
    await call(`/blog/manage/posts/${second.id}/publish`, {}, admin.auth);

    const drafts = await call("/blog/manage/posts?status=draft", undefined, admin.auth);
    expect(drafts.body.data.items.map((item: { id: number }) => item.id)).toEqual([first.id]);
    expect(drafts.body.data.items[0]).not.toHaveProperty("bodyMarkdown");
    const everything = await call("/blog/manage/posts", undefined, admin.auth);
    // The starting content's published posts are managed here too.
    expect(everything.body.data.counts.draft).toBe(1);
    expect(everything.body.data.counts.published).toBeGreaterThan(1);
    expect(everything.body.data.total).toBe(everything.body.data.counts.draft + everything.body.data.counts.published);
    expect(everything.body.data.items[0].id).toBe(second.id);

    const edited = await call(
      `/blog/manage/posts/${first.id}`,
      { title: "Curing concrete when the harmattan blows", keywords: ["curing"] },
      admin.auth,
      "PUT",
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ title: "Curing concrete when the harmattan blows", keywords: ["curing"], slug: first.slug });
    expect((await call(`/blog/manage/posts/${first.id}`, undefined, admin.auth)).body.data.bodyMarkdown).toBe(draft.bodyMarkdown);

    expect((await call(`/blog/manage/posts/${first.id}`, {}, admin.auth, "DELETE")).status).toBe(200);
    expect((await call(`/blog/manage/posts/${first.id}`, undefined, admin.auth)).status).toBe(404);
    expect((await call(`/blog/manage/posts/${first.id}`, {}, admin.auth, "DELETE")).status).toBe(404);
  });

  it("pages the managed posts by twenty, with the page count", async () => {
    const admin = await people.admin();
    await (await testDatabase()).db.insert(blogPosts).values(
      Array.from({ length: MANAGED_POSTS_PAGE_SIZE + 1 }, (_, index) => ({
        slug: `draft-${index}`,
        category: "technology" as const,
        title: `Draft ${index}`,
        excerpt: "Not out yet.",
        bodyMarkdown: "Words to come.",
        authorName: "Dayo",
      })),
    );
    const [first] = await expectTwoPages(call, "/blog/manage/posts?status=draft", MANAGED_POSTS_PAGE_SIZE, admin.auth);
    expect(first?.counts.draft).toBe(MANAGED_POSTS_PAGE_SIZE + 1);
  });

  it("refuses invalid fields with a message for each", async () => {
    const writer = await marketer();
    const { status, body } = await call(
      "/blog/manage/posts",
      { title: "", category: "gossip", excerpt: "short", bodyMarkdown: "", coverImage: "https://evil.example/x.png" },
      writer.auth,
    );
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      title: "Please enter a title (at least 3 characters).",
      category: "Please choose a category.",
      excerpt: "Please write a short excerpt (at least 10 characters).",
      bodyMarkdown: "Please write the post.",
      coverImage: "Choose an image of this site.",
    });
  });
});

describe("Markdown nested too deep", () => {
  const deepQuote = `${">".repeat(3500)} harmattan`;

  it("refuses a post (and its preview) nested 3,500 quotes deep with 400 and a clear message", async () => {
    const writer = await marketer();
    const message = "Quotes and lists can be nested at most 20 levels deep.";
    const created = await call("/blog/manage/posts", { ...draft, bodyMarkdown: deepQuote }, writer.auth);
    expect(created.status).toBe(400);
    expect(created.body.fields.bodyMarkdown).toBe(message);
    const post = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    const edited = await call(`/blog/manage/posts/${post.id}`, { bodyMarkdown: `${"- ".repeat(2000)}x` }, writer.auth, "PUT");
    expect(edited.body.fields.bodyMarkdown).toBe(message);
    expect((await call("/blog/preview", { bodyMarkdown: deepQuote }, writer.auth)).body.fields.bodyMarkdown).toBe(message);
  });

  it("shows a post stored before the limit as escaped text, never a 500, and renders new posts when written", async () => {
    const writer = await marketer();
    const post = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    const [stored] = await (await testDatabase()).db.select().from(blogPosts).where(eq(blogPosts.id, post.id));
    expect(stored?.bodyHtml).toContain("<h2>Keep it wet</h2>");

    await (await testDatabase()).db.insert(blogPosts).values({
      slug: "old-deep-post",
      category: "technology",
      title: "An old post",
      excerpt: "Stored before the limit.",
      bodyMarkdown: `${deepQuote} <script>alert(1)</script>`,
      authorName: "Dayo",
      status: "published",
      publishedAt: new Date(),
    });
    const answer = await call("/blog/posts/old-deep-post");
    expect(answer.status).toBe(200);
    expect(answer.body.data.bodyHtml).toBe(`<p>${"&#62;".repeat(3500)} harmattan &#60;script&#62;alert(1)&#60;/script&#62;</p>`);
    expect((await fetch(server().url("/blog/technology/old-deep-post"))).status).toBe(200);
  });
});

describe("post addresses (slugs)", () => {
  it("numbers a slug made from a title already used, and refuses a chosen slug that is taken", async () => {
    const writer = await marketer();
    const first = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    const second = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    expect(second.slug).toBe(`${first.slug}-2`);

    const taken = await call("/blog/manage/posts", { ...draft, slug: first.slug }, writer.auth);
    expect(taken.status).toBe(409);
    expect(taken.body.fields.slug).toBe("Another post already uses this address. Choose a different one.");
    const renamed = await call(`/blog/manage/posts/${second.id}`, { slug: first.slug }, writer.auth, "PUT");
    expect(renamed.status).toBe(409);

    const chosen = await call(`/blog/manage/posts/${second.id}`, { slug: "harmattan-curing-guide" }, writer.auth, "PUT");
    expect(chosen.body.data.slug).toBe("harmattan-curing-guide");
    const bad = await call(`/blog/manage/posts/${second.id}`, { slug: "Not A Slug" }, writer.auth, "PUT");
    expect(bad.body.fields.slug).toBe("Use lower-case letters, digits and single hyphens only.");
  });
});

describe("cover images", () => {
  const uploadCover = (writer: SignedIn, id: number, data: Buffer, type: string) =>
    upload(`/blog/manage/posts/${id}/cover`, [{ field: "image", name: "cover", type, data }], writer.auth);
  const uploadedFile = (url: string) => path.join(testConfig().dataDir, "uploads", url.replace(/^\/uploads\//, ""));

  it("stores a re-encoded WebP cover, replaces the previous one and refuses what is not an image", async () => {
    const writer = await marketer();
    const post = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    const photo = await jpegWithGps(2400, 1600);

    const first = await uploadCover(writer, post.id, photo, "image/jpeg");
    expect(first.status).toBe(200);
    expect(first.body.data.coverImage).toMatch(/^\/uploads\/blog\/\d+-[0-9a-f-]+\.webp$/);
    const served = await fetch(server().url(first.body.data.coverImage));
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 1600, height: 900 });

    const second = await uploadCover(writer, post.id, photo, "image/jpeg");
    expect(second.body.data.coverImage).not.toBe(first.body.data.coverImage);
    expect(existsSync(uploadedFile(first.body.data.coverImage))).toBe(false);
    expect(existsSync(uploadedFile(second.body.data.coverImage))).toBe(true);

    const refused = await uploadCover(writer, post.id, Buffer.from("<svg onload='alert(1)'/>"), "image/svg+xml");
    expect(refused.status).toBe(400);
    expect(refused.body.fields.image).toBe("Please upload a JPEG, PNG or WebP image.");

    const huge = await uploadCover(writer, post.id, Buffer.alloc(8 * 1024 * 1024 + 1, 1), "image/jpeg");
    expect(huge.status).toBe(413);
    expect(huge.body.fields.image).toBe("The cover image must be 8 MB or smaller.");

    await call(`/blog/manage/posts/${post.id}`, {}, writer.auth, "DELETE");
    expect(existsSync(uploadedFile(second.body.data.coverImage))).toBe(false);
  });
});

describe("files a post may delete", () => {
  const uploadedFile = (url: string) => path.join(testConfig().dataDir, "uploads", url.replace(/^\/uploads\//, ""));

  it("refuses someone's avatar as a cover, and deleting a post leaves another post's cover alone", async () => {
    const writer = await marketer();
    const client = await people.client("client@example.com");
    const photo = await jpegWithGps(800, 600);
    const avatar = (await upload("/users/upload-avatar", [{ field: "avatar", name: "me", type: "image/jpeg", data: photo }], client.auth))
      .body.data.avatar;
    expect(avatar).toMatch(/^\/uploads\/avatars\//);

    const withAvatar = await call("/blog/manage/posts", { ...draft, coverImage: avatar }, writer.auth);
    expect(withAvatar.status).toBe(400);
    expect(withAvatar.body.fields.coverImage).toBe("Choose an image of this site.");
    const post = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    const renamed = await call(`/blog/manage/posts/${post.id}`, { coverImage: avatar }, writer.auth, "PUT");
    expect(renamed.status).toBe(400);

    // A post showing another post's uploaded cover: deleting it (or changing its cover) does not delete that file.
    const owner = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    const cover = (
      await upload(`/blog/manage/posts/${owner.id}/cover`, [{ field: "image", name: "c", type: "image/jpeg", data: photo }], writer.auth)
    ).body.data.coverImage;
    expect((await call(`/blog/manage/posts/${post.id}`, { coverImage: cover }, writer.auth, "PUT")).status).toBe(200);
    expect((await call(`/blog/manage/posts/${post.id}`, { coverImage: "/images/blog/harmattan.jpg" }, writer.auth, "PUT")).status).toBe(
      200,
    );
    expect((await call(`/blog/manage/posts/${post.id}`, { coverImage: cover }, writer.auth, "PUT")).status).toBe(200);
    expect((await call(`/blog/manage/posts/${post.id}`, {}, writer.auth, "DELETE")).status).toBe(200);
    expect(existsSync(uploadedFile(cover))).toBe(true);
    expect(existsSync(uploadedFile(avatar))).toBe(true);
    expect((await fetch(server().url(avatar))).status).toBe(200);

    // Its own post deleted, the cover goes.
    await call(`/blog/manage/posts/${owner.id}`, {}, writer.auth, "DELETE");
    expect(existsSync(uploadedFile(cover))).toBe(false);
  });
});

describe("who may manage the blog", () => {
  it("refuses clients and staff outside Digital Marketing", async () => {
    const client = await people.client("client@example.com");
    const hr = await people.staff("ifeoma@crestbuild.ng", "HR");
    const writer = await marketer();
    const post = (await call("/blog/manage/posts", draft, writer.auth)).body.data;
    for (const outsider of [client, hr]) {
      expect((await call("/blog/manage/posts", undefined, outsider.auth)).status).toBe(403);
      expect((await call("/blog/manage/posts", draft, outsider.auth)).status).toBe(403);
      expect((await call(`/blog/manage/posts/${post.id}/publish`, {}, outsider.auth)).status).toBe(403);
      expect((await call("/blog/preview", { bodyMarkdown: "hi" }, outsider.auth)).status).toBe(403);
      const refused = await call(`/blog/manage/posts/${post.id}`, {}, outsider.auth, "DELETE");
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Access denied. You don't have permission to access this resource.");
    }
    expect((await call("/blog/manage/posts")).status).toBe(401);
    expect((await call(`/blog/manage/posts/${post.id}`, undefined, writer.auth)).body.data.status).toBe("draft");
  });
});

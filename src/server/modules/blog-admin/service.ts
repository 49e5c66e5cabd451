import { randomUUID } from "node:crypto";
import { and, count, desc, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { ApiError } from "../../../shared/api.js";
import {
  type BlogPostStatus,
  blogAdminMessages,
  blogPostStatuses,
  MANAGED_POSTS_PAGE_SIZE,
  type ManagedPost,
  type ManagedPostSummary,
  type ManagedPostsPage,
  slugFromTitle,
} from "../../../shared/blog-admin.js";
import type { BlogCategorySlug } from "../../../shared/content.js";
import type { AppDb } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { countedPageOf, offsetOf } from "../../db/paging.js";
import { blogPosts, users } from "../../db/schema.js";
import { reencodeImage } from "../../platform/images.js";
import { renderForStorage, renderMarkdown } from "../../platform/markdown.js";
import type { FileStorage } from "../../platform/storage.js";

type PostRow = typeof blogPosts.$inferSelect;

type PostFields = {
  title: string;
  category: BlogCategorySlug;
  excerpt: string;
  bodyMarkdown: string;
  keywords: string[];
  coverImage: string | null;
  slug: string;
};

/** Covers are shown wide on the blog's cards and at the top of the post. */
const COVER_SIZE = { width: 1600, height: 900, fit: "cover" } as const;

/** Where the covers uploaded for a post are stored: the post's id starts the name. */
const coverKeyPrefix = (id: number) => `blog/${id}-`;

const notFound = () => new ApiError(404, blogAdminMessages.notFound, "not_found");
const slugTaken = () => new ApiError(409, blogAdminMessages.slugTaken, "slug_taken", { slug: blogAdminMessages.slugTaken });

function toSummary(row: Omit<PostRow, "bodyMarkdown" | "bodyHtml">): ManagedPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    category: row.category,
    excerpt: row.excerpt,
    keywords: row.keywords,
    coverImage: row.coverImage,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    authorId: row.authorId,
    authorName: row.authorName,
    wordCount: row.wordCount,
    path: `/blog/${row.category}/${row.slug}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toPost = (row: PostRow): ManagedPost => ({ ...toSummary(row), bodyMarkdown: row.bodyMarkdown });

const { bodyMarkdown: _body, bodyHtml: _html, ...summaryColumns } = getTableColumns(blogPosts);

/** Blog management for Digital Marketing and admins: drafts, publishing, covers. The public blog reads the same table. */
export function createBlogAdminService(deps: { db: AppDb; storage: FileStorage }) {
  const { db, storage } = deps;

  async function find(id: number): Promise<PostRow> {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (!row) throw notFound();
    return row;
  }

  async function slugInUse(slug: string, exceptId?: number) {
    const [row] = await db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(and(eq(blogPosts.slug, slug), exceptId ? ne(blogPosts.id, exceptId) : undefined));
    return row !== undefined;
  }

  /**
   * Deletes a cover that was uploaded for this post (blog/{id}-...), and nothing else: a cover may name a site image
   * or another post's upload, which are not this post's to delete.
   */
  async function removeOwnCover(id: number, url: string | null) {
    const key = url ? storage.keyOf(url) : null;
    if (key?.startsWith(coverKeyPrefix(id))) await storage.remove(key);
  }

  /** Updates a post and answers it as it now is; 404 when it does not exist. */
  async function change(id: number, values: PgUpdateSetSource<typeof blogPosts>): Promise<ManagedPost> {
    const [row] = await db
      .update(blogPosts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(blogPosts.id, id))
      .returning();
    if (!row) throw notFound();
    return toPost(row);
  }

  return {
    /** Drafts and published posts, most recently changed first, 20 a page, with the count of each status. */
    async list(filters: { status?: BlogPostStatus; page: number }): Promise<ManagedPostsPage> {
      const where = filters.status ? eq(blogPosts.status, filters.status) : undefined;
      const request = { page: filters.page, pageSize: MANAGED_POSTS_PAGE_SIZE, status: filters.status };
      const [rows, byStatus] = await Promise.all([
        db
          .select(summaryColumns)
          .from(blogPosts)
          .where(where)
          .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
          .limit(MANAGED_POSTS_PAGE_SIZE)
          .offset(offsetOf(request)),
        db.select({ status: blogPosts.status, total: count() }).from(blogPosts).groupBy(blogPosts.status),
      ]);
      return countedPageOf(rows.map(toSummary), byStatus, blogPostStatuses, request);
    },

    get: async (id: number) => toPost(await find(id)),

    /** A new draft by this writer. A slug made from the title gets -2, -3... when taken; a slug given must be free. */
    async create(
      authorId: string,
      input: Omit<PostFields, "slug" | "keywords" | "coverImage"> & Partial<PostFields>,
    ): Promise<ManagedPost> {
      const [author] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, authorId));
      if (!author) throw new ApiError(401, "Authentication failed. Please log in again.", "unauthenticated");
      const bodyHtml = renderForStorage(renderMarkdown, input.bodyMarkdown, "bodyMarkdown");
      const base = input.slug ?? slugFromTitle(input.title);
      for (let attempt = 1; attempt <= 50; attempt++) {
        const slug = attempt === 1 ? base : `${base}-${attempt}`;
        // The unique index decides between two writers who pick the same slug at once.
        const [row] = await db
          .insert(blogPosts)
          .values({
            slug,
            title: input.title,
            category: input.category,
            excerpt: input.excerpt,
            bodyMarkdown: input.bodyMarkdown,
            bodyHtml,
            keywords: input.keywords ?? [],
            coverImage: input.coverImage ?? null,
            authorId,
            authorName: `${author.firstName} ${author.lastName}`,
            status: "draft",
          })
          .onConflictDoNothing({ target: blogPosts.slug })
          .returning();
        if (row) return toPost(row);
        if (input.slug) throw slugTaken();
      }
      throw slugTaken();
    },

    async update(id: number, changes: Partial<PostFields>): Promise<ManagedPost> {
      const current = await find(id);
      if (changes.slug && changes.slug !== current.slug && (await slugInUse(changes.slug, id))) throw slugTaken();
      const rendered =
        changes.bodyMarkdown === undefined ? {} : { bodyHtml: renderForStorage(renderMarkdown, changes.bodyMarkdown, "bodyMarkdown") };
      const updated = await change(id, { ...changes, ...rendered }).catch((error: unknown) => {
        // Another writer took the slug between the check and the update.
        throw isUniqueViolation(error) ? slugTaken() : error;
      });
      if (changes.coverImage !== undefined && current.coverImage !== updated.coverImage) await removeOwnCover(id, current.coverImage);
      return updated;
    },

    /** Public from now on; the first publication sets its date. */
    publish: (id: number) => change(id, { status: "published", publishedAt: sql`coalesce(${blogPosts.publishedAt}, now())` }),

    /** Back to a draft: gone from the public blog, its feed and the sitemap. */
    unpublish: (id: number) => change(id, { status: "draft" }),

    async remove(id: number): Promise<void> {
      const [row] = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ coverImage: blogPosts.coverImage });
      if (!row) throw notFound();
      await removeOwnCover(id, row.coverImage);
    },

    /** Stores a new cover (checked, re-encoded, without metadata) and drops the previous uploaded one. */
    async setCover(id: number, upload: Buffer): Promise<ManagedPost> {
      const current = await find(id);
      const image = await reencodeImage(upload, COVER_SIZE);
      const key = `${coverKeyPrefix(id)}${randomUUID()}.webp`;
      const url = await storage.save(key, image);
      let updated: ManagedPost;
      try {
        updated = await change(id, { coverImage: url });
      } catch (error) {
        // Nothing is left behind by an upload that could not be recorded.
        await storage.remove(key);
        throw error;
      }
      await removeOwnCover(id, current.coverImage);
      return updated;
    },

    /** The HTML the public post page would show for this Markdown. */
    preview: (bodyMarkdown: string) => ({ html: renderForStorage(renderMarkdown, bodyMarkdown, "bodyMarkdown") }),
  };
}

export type BlogAdminService = ReturnType<typeof createBlogAdminService>;

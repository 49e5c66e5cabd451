import { z } from "zod";
import { blogPostStatuses } from "../blog-admin.js";
import { count, countedPageOf, instant } from "./common.js";
import { blogCategory } from "./content.js";

/** A post as the blog's writers list it, draft or published. */
export const managedPostSummary = z.object({
  id: count,
  slug: z.string(),
  title: z.string(),
  category: blogCategory,
  excerpt: z.string(),
  keywords: z.array(z.string()),
  coverImage: z.string().nullable(),
  status: z.enum(blogPostStatuses),
  /** Set when first published; kept when unpublished, so publishing again keeps the date. */
  publishedAt: instant.nullable(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  wordCount: count,
  /** Where the post is (or will be) on the public site. */
  path: z.string(),
  createdAt: instant,
  updatedAt: instant,
});
export type ManagedPostSummary = z.output<typeof managedPostSummary>;

/** A post with its Markdown, as its writers edit it. */
export const managedPost = managedPostSummary.extend({ bodyMarkdown: z.string() });
export type ManagedPost = z.output<typeof managedPost>;

/** A page of the writers' posts, with how many posts each status holds. */
export const managedPostsPage = countedPageOf(managedPostSummary, blogPostStatuses);
export type ManagedPostsPage = z.output<typeof managedPostsPage>;

/** POST /api/blog/preview: the Markdown rendered as the public post will show it. */
export const blogPreview = z.object({ html: z.string() });

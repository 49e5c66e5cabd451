import { z } from "zod";
import { type BlogCategorySlug, blogCategories } from "./content.js";
import { pageNumber } from "./fields.js";
import { markdownNestingMessage, withinMarkdownNesting } from "./markdown-nesting.js";

export type { ManagedPost, ManagedPostSummary, ManagedPostsPage } from "./answers/blog-admin.js";

/** A post is written as a draft, then published (public) or unpublished (a draft again). */
export const blogPostStatuses = ["draft", "published"] as const;
export type BlogPostStatus = (typeof blogPostStatuses)[number];

export const MANAGED_POSTS_PAGE_SIZE = 20;
export const BLOG_BODY_MAX_CHARACTERS = 100_000;
export const BLOG_COVER_MAX_BYTES = 8 * 1024 * 1024;

export const blogAdminMessages = {
  notFound: "Blog post not found.",
  slugTaken: "Another post already uses this address. Choose a different one.",
  coverTooLarge: "The cover image must be 8 MB or smaller.",
  noCover: "Choose an image to upload.",
  oneCover: "Upload one image at a time.",
} as const;

const categorySlugs = blogCategories.map((category) => category.slug) as [BlogCategorySlug, ...BlogCategorySlug[]];

/** The address of a post: lower-case letters and digits in words joined by hyphens. */
export const blogSlugSchema = z
  .string()
  .trim()
  .min(1, "Please enter an address for the post.")
  .max(120, "The address must be at most 120 characters.")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens only.");

const fields = {
  title: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(3, "Please enter a title (at least 3 characters).")
    .max(200, "The title must be at most 200 characters."),
  category: z.enum(categorySlugs, { error: "Please choose a category." }),
  excerpt: z
    .string({ error: "Please write a short excerpt." })
    .trim()
    .min(10, "Please write a short excerpt (at least 10 characters).")
    .max(400, "The excerpt must be at most 400 characters."),
  bodyMarkdown: z
    .string({ error: "Please write the post." })
    .trim()
    .min(1, "Please write the post.")
    .max(BLOG_BODY_MAX_CHARACTERS, "The post must be at most 100,000 characters.")
    .refine(withinMarkdownNesting, markdownNestingMessage),
  keywords: z
    .array(z.string().trim().min(1, "A keyword cannot be empty.").max(60, "A keyword must be at most 60 characters."), {
      error: "Keywords must be a list of words.",
    })
    .max(20, "Choose at most 20 keywords."),
  /**
   * A site image (/images/...) or a cover uploaded for the blog (/uploads/blog/...); null for none. Any other upload
   * (someone's avatar, a project's photo) is not the blog's to show or to delete.
   */
  coverImage: z
    .string()
    .regex(/^\/(images|uploads\/blog)\/(?!.*\.\.)[A-Za-z0-9/_.-]+$/, "Choose an image of this site.")
    .nullable(),
  slug: blogSlugSchema,
};

/** POST /api/blog/manage/posts: the slug is made from the title when absent. */
export const blogPostCreateSchema = z.object({
  ...fields,
  keywords: fields.keywords.optional(),
  coverImage: fields.coverImage.optional(),
  slug: fields.slug.optional(),
});
export type BlogPostCreateInput = z.input<typeof blogPostCreateSchema>;

/** PUT /api/blog/manage/posts/:id: any of the fields. */
export const blogPostUpdateSchema = z.object(fields).partial();
export type BlogPostUpdateInput = z.input<typeof blogPostUpdateSchema>;

export const blogPreviewSchema = z.object({
  bodyMarkdown: z
    .string()
    .max(BLOG_BODY_MAX_CHARACTERS, "The post is too long to preview.")
    .refine(withinMarkdownNesting, markdownNestingMessage),
});

export const managedPostsQuerySchema = z.object({
  status: z.enum(blogPostStatuses, { error: "Unknown status." }).optional(),
  page: pageNumber.default(1),
});

/** A slug made from a title: "Harmattan & Concrete: 5 tips" -> "harmattan-concrete-5-tips". */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 80)
    .replace(/^-+|-+$/g, "");
  return slug || "post";
}

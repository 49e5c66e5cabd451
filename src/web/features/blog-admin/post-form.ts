import { z } from "zod";
import { blogPostCreateSchema, blogSlugSchema, type ManagedPost } from "../../../shared/blog-admin";

/**
 * The editor's fields: the server's rules, with keywords typed as one comma-separated line and the
 * address (slug) left empty to have it made from the title. Its output is the API's input.
 */
export const postFormSchema = z.object({
  title: blogPostCreateSchema.shape.title,
  category: blogPostCreateSchema.shape.category,
  excerpt: blogPostCreateSchema.shape.excerpt,
  bodyMarkdown: blogPostCreateSchema.shape.bodyMarkdown,
  keywords: z
    .string()
    .transform((line) =>
      line
        .split(",")
        .map((keyword) => keyword.trim())
        .filter(Boolean),
    )
    .pipe(blogPostCreateSchema.shape.keywords.unwrap()),
  slug: z
    .string()
    .trim()
    .transform((slug) => slug || undefined)
    .pipe(blogSlugSchema.optional()),
});

export type PostFormValues = z.input<typeof postFormSchema>;

export const postFormFields = ["title", "category", "excerpt", "bodyMarkdown", "keywords", "slug"] as const;

export const emptyPostForm: PostFormValues = { title: "", category: "company-news", excerpt: "", bodyMarkdown: "", keywords: "", slug: "" };

export const postFormValues = (post: ManagedPost): PostFormValues => ({
  title: post.title,
  category: post.category,
  excerpt: post.excerpt,
  bodyMarkdown: post.bodyMarkdown,
  keywords: post.keywords.join(", "),
  slug: post.slug,
});

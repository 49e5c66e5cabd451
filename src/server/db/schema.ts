import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** Keyed documents of site-wide content: the company's details, the about page. */
export const siteContent = pgTable("site_content", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/** A line of business; each has its own page at /services/:category. */
export const services = pgTable("services", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  summary: text("summary").notNull(),
  description: text("description").notNull(),
  offerings: jsonb("offerings").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  keywords: jsonb("keywords").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  image: text("image").notNull(),
  position: integer("position").notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Building projects. The public portfolio shows those flagged is_portfolio; the portal
 * (a later migration) adds clients, budgets and milestones to the same rows.
 */
export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    reference: text("reference").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    status: text("status").notNull().default("planning"),
    progress: integer("progress").notNull().default(0),
    description: text("description").notNull(),
    publicSummary: text("public_summary"),
    city: text("city").notNull(),
    state: text("state"),
    country: text("country").notNull(),
    startDate: text("start_date"),
    completedOn: text("completed_on"),
    coverImage: text("cover_image"),
    highlights: jsonb("highlights").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isPortfolio: boolean("is_portfolio").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("projects_portfolio_idx").on(table.isPortfolio, table.category)],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    category: text("category").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    // Kept by the database on every write, so listings do not split every body on every read.
    wordCount: integer("word_count")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(array_length(regexp_split_to_array(trim(body_markdown), '\\s+'), 1), 0)`),
    authorName: text("author_name").notNull(),
    coverImage: text("cover_image"),
    keywords: jsonb("keywords").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_idx").on(table.slug),
    index("blog_posts_listing_idx").on(table.status, table.category, table.publishedAt),
  ],
);

export const contactInquiries = pgTable("contact_inquiries", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  status: text("status").notNull().default("new"),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  createdAt: createdAt(),
});

/** Every email the product sends, kept whether it went out by SMTP or to the log. */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  transport: text("transport").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
  error: text("error"),
  createdAt: createdAt(),
});

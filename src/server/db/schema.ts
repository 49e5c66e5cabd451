import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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

/** SPEC §3 users table, plus what sign-in needs. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull().default(""),
    location: text("location").notNull().default(""),
    company: text("company").notNull().default(""),
    department: text("department").notNull(),
    departmentCode: text("department_code").unique(),
    role: text("role").notNull().default("user"),
    /** False when an admin has blocked the account. */
    active: boolean("active").notNull().default(true),
    /** Staff accounts wait for an admin's approval; everyone else is approved on registration. */
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    passwordHash: text("password_hash").notNull(),
    avatarUrl: text("avatar_url"),
    /** Base32 TOTP secret; set at enrolment, in force once mfa_enabled_at is set. */
    mfaSecret: text("mfa_secret"),
    mfaEnabledAt: timestamp("mfa_enabled_at", { withTimezone: true, mode: "date" }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_email_idx").on(table.email)],
);

/**
 * A signed-in device. Each refresh replaces the row's token (rotation); a token that was
 * already replaced coming back means it was stolen, and the whole family is revoked.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (table) => [uniqueIndex("sessions_token_idx").on(table.tokenHash), index("sessions_family_idx").on(table.familyId)],
);

/** Short-lived secrets sent to or handed to a user: email codes, reset codes, login tickets. Stored hashed. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (table) => [index("one_time_codes_user_idx").on(table.userId, table.purpose)],
);

/** The access log of the security centre: every security-relevant event. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    type: text("type").notNull(),
    outcome: text("outcome").notNull(),
    reason: text("reason"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [
    index("security_events_email_idx").on(table.email, table.type, table.createdAt),
    index("security_events_ip_idx").on(table.ipAddress, table.type, table.createdAt),
  ],
);

/** One-time recovery codes for an account with multi-factor sign-in, stored hashed. */
export const mfaRecoveryCodes = pgTable("mfa_recovery_codes", {
  id: serial("id").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
});

/** Settings an admin can change at run time (e.g. whether registration is open), and generated secrets. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

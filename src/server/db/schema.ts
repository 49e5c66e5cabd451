import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Building projects: the public portfolio shows those flagged is_portfolio (with their public summary);
 * the portal follows every project with its client, manager, budget, milestones and updates.
 * Money is in kobo (integers). Dates of the programme are calendar dates (YYYY-MM-DD).
 */
export const projects = pgTable(
  "projects",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    reference: text("reference").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    /** requested, planning, in_progress, on_hold, completed, cancelled (src/shared/projects.ts). */
    status: text("status").notNull().default("planning"),
    progress: integer("progress").notNull().default(0),
    /** manual: staff set the progress; milestones: it follows the weight of the milestones done. */
    progressMode: text("progress_mode").notNull().default("manual"),
    description: text("description").notNull(),
    publicSummary: text("public_summary"),
    address: text("address").notNull().default(""),
    city: text("city").notNull(),
    state: text("state"),
    country: text("country").notNull(),
    startDate: text("start_date"),
    targetCompletion: text("target_completion"),
    /** The actual completion date. */
    completedOn: text("completed_on"),
    budgetKobo: bigint("budget_kobo", { mode: "number" }).notNull().default(0),
    spentKobo: bigint("spent_kobo", { mode: "number" }).notNull().default(0),
    clientId: uuid("client_id").references(() => users.id, { onDelete: "set null" }),
    managerId: uuid("manager_id").references(() => users.id, { onDelete: "set null" }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    coverImage: text("cover_image"),
    highlights: jsonb("highlights").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isPortfolio: boolean("is_portfolio").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("projects_portfolio_idx").on(table.isPortfolio, table.category),
    index("projects_client_idx").on(table.clientId),
    index("projects_manager_idx").on(table.managerId),
    index("projects_status_idx").on(table.status, table.updatedAt),
    // The portal's default order (most recently changed first) reads this instead of sorting every project.
    index("projects_updated_idx").on(table.updatedAt.desc(), table.id.desc()),
  ],
);

/** Staff on a project's team besides its manager. */
export const projectTeam = pgTable(
  "project_team",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index("project_team_user_idx").on(table.userId)],
);

/** The schedule: a project's milestones, in order; their weights drive progress in milestones mode. */
export const milestones = pgTable(
  "milestones",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    dueDate: text("due_date"),
    doneOn: text("done_on"),
    weight: integer("weight").notNull().default(1),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("milestones_project_idx").on(table.projectId, table.position), index("milestones_due_idx").on(table.dueDate)],
);

/** The site diary: what happened on site, by whom, with photos (project_photos.update_id). */
export const projectUpdates = pgTable(
  "project_updates",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("project_updates_project_idx").on(table.projectId, table.createdAt)],
);

/** The photo gallery; each photo is stored in re-encoded sizes (no EXIF, no GPS). */
export const projectPhotos = pgTable(
  "project_photos",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    updateId: integer("update_id").references(() => projectUpdates.id, { onDelete: "set null" }),
    uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    caption: text("caption").notNull().default(""),
    thumbUrl: text("thumb_url").notNull(),
    galleryUrl: text("gallery_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("project_photos_project_idx").on(table.projectId, table.createdAt)],
);

/** Drawings, contracts, reports: private files, downloaded only through the API by those who may read the project. */
export const projectDocuments = pgTable(
  "project_documents",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    uploadedById: uuid("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("project_documents_project_idx").on(table.projectId, table.createdAt)],
);

/**
 * A conversation: one per project (its client and team), one per department (its staff), or a direct
 * conversation between two staff members (direct_key: their two ids, sorted, joined by ':').
 */
export const conversations = pgTable("conversations", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  projectId: integer("project_id")
    .unique()
    .references(() => projects.id, { onDelete: "cascade" }),
  department: text("department").unique(),
  directKey: text("direct_key").unique(),
  createdAt: createdAt(),
});

/** The two people of a direct conversation. */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] }), index("conversation_participants_user_idx").on(table.userId)],
);

export type MessageAttachment = { kind: "image"; url: string; thumbUrl: string; width: number; height: number; name: string };

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Plain text or Markdown, sanitised when rendered. */
    body: text("body").notNull(),
    attachments: jsonb("attachments").$type<MessageAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index("messages_conversation_idx").on(table.conversationId, table.id)],
);

/** How far each person has read each conversation (unread counts). */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadMessageId: integer("last_read_message_id").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] })],
);

/** The bell: what happened that concerns a user (kinds in src/shared/notifications.ts). */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** The portal path the notification opens. */
    link: text("link"),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    readAt: timestampColumn("read_at"),
    createdAt: createdAt(),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.id)],
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
    /** The staff member who wrote the post in the portal; null for the starting content. */
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
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
  /** new, assigned, handled (src/shared/inquiries.ts). */
  status: text("status").notNull().default("new"),
  assignedToId: uuid("assigned_to_id").references(() => users.id, { onDelete: "set null" }),
  /** The internal note on how the inquiry was answered. */
  replyNote: text("reply_note").notNull().default(""),
  handledAt: timestampColumn("handled_at"),
  /** The project the inquiry became, when it did (Business Administration counts conversions). */
  projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
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
    /** A new address waiting for its emailed code before it replaces `email`. */
    pendingEmail: text("pending_email"),
    /** Per kind of event: in-app and email (src/shared/notifications.ts); absent kinds use the defaults. */
    notificationPreferences: jsonb("notification_preferences")
      .$type<Record<string, { inApp: boolean; email: boolean }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
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

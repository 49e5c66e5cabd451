import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
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
import { auditActions } from "../../shared/admin.js";
import { blogPostStatuses } from "../../shared/blog-admin.js";
import { callMediaKinds } from "../../shared/call-terms.js";
import type { BlogCategorySlug } from "../../shared/content.js";
import { variationStatuses } from "../../shared/contracts.js";
import { conversationKinds } from "../../shared/conversations.js";
import { departmentNames, roles } from "../../shared/departments.js";
import { captureSources, type EvidenceContent, evidenceKinds, evidenceVerdicts } from "../../shared/evidence.js";
import { idempotentRequestStates } from "../../shared/idempotency.js";
import { inquiryStatuses } from "../../shared/inquiries.js";
import { invoiceKinds, paymentStatuses } from "../../shared/invoices.js";
import { notificationKinds } from "../../shared/notifications.js";
import { type DocumentFolder, projectCategories, projectStatuses, weatherKinds } from "../../shared/project-terms.js";
import { progressModes } from "../../shared/projects.js";
import { alertStatuses, type SecurityAlert, type ThreatRule } from "../../shared/security.js";
import { securityOutcomes } from "../../shared/security-events.js";
import { snagStatuses } from "../../shared/snags.js";
import { uploadKinds } from "../../shared/uploads.js";

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

/** The project a row belongs to (a milestone, a photo, a document…): the row goes when the project is deleted. */
const partOfProject = () =>
  integer("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });

/** Who did something (wrote, uploaded, is assigned): the row stays when the account is deleted, without them. */
const personOrNull = (name: string) => uuid(name).references(() => users.id, { onDelete: "set null" });

/**
 * Building projects: the public portfolio shows those flagged is_portfolio (with their public summary) that have no
 * client or their client's agreement (src/server/db/public-projects.ts);
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
    category: text("category", { enum: projectCategories }).notNull(),
    status: text("status", { enum: projectStatuses }).notNull().default("planning"),
    progress: integer("progress").notNull().default(0),
    /** manual: staff set the progress; milestones: it follows the weight of the milestones done. */
    progressMode: text("progress_mode", { enum: progressModes }).notNull().default("manual"),
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
    clientId: personOrNull("client_id"),
    managerId: personOrNull("manager_id"),
    createdById: personOrNull("created_by_id"),
    coverImage: text("cover_image"),
    highlights: jsonb("highlights").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isPortfolio: boolean("is_portfolio").notNull().default(false),
    /** When the client agreed to the project being shown on the public site (null: not agreed, or withdrawn). */
    portfolioConsentAt: timestampColumn("portfolio_consent_at"),
    /** Who agreed: the client at the time. */
    portfolioConsentById: personOrNull("portfolio_consent_by_id"),
    /** The site as a circle, for judging where photos were taken: all three or none (a CHECK holds it). */
    siteLatitude: doublePrecision("site_latitude"),
    siteLongitude: doublePrecision("site_longitude"),
    siteRadiusMetres: integer("site_radius_metres"),
    /** How long the site has to answer a live check on this project, in hours (1 to 168). */
    liveCheckHours: integer("live_check_hours").notNull().default(24),
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
    index("projects_created_idx").on(table.createdAt),
  ],
);

/** Staff on a project's team besides its manager. */
export const projectTeam = pgTable(
  "project_team",
  {
    projectId: partOfProject(),
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
    projectId: partOfProject(),
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
    projectId: partOfProject(),
    authorId: personOrNull("author_id"),
    /** Plain text or Markdown. */
    body: text("body").notNull(),
    /** The body rendered and sanitised when written (reads never parse); null for entries written before it was kept. */
    bodyHtml: text("body_html"),
    /** The structured diary (null when not said): the weather, how many worked on site, the equipment and the delays. */
    weather: text("weather", { enum: weatherKinds }),
    workersOnSite: integer("workers_on_site"),
    equipment: text("equipment"),
    delays: text("delays"),
    createdAt: createdAt(),
  },
  (table) => [
    index("project_updates_project_idx").on(table.projectId, table.createdAt),
    check("project_updates_weather_check", sql`${table.weather} IN ('sunny', 'cloudy', 'rain', 'storm')`),
    check("project_updates_workers_check", sql`${table.workersOnSite} BETWEEN 0 AND 10000`),
  ],
);

/** The photo gallery; each photo is stored in re-encoded sizes (no EXIF, no GPS). */
export const projectPhotos = pgTable(
  "project_photos",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    updateId: integer("update_id").references(() => projectUpdates.id, { onDelete: "set null" }),
    uploadedById: personOrNull("uploaded_by_id"),
    caption: text("caption").notNull().default(""),
    thumbUrl: text("thumb_url").notNull(),
    galleryUrl: text("gallery_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** What the upload saw (null on photos added before it was kept); created_at is when the server received it. */
    source: text("source", { enum: captureSources }),
    capturedAt: timestampColumn("captured_at"),
    /** When the phone queued it while offline, if it did. */
    queuedAt: timestampColumn("queued_at"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    accuracyMetres: doublePrecision("accuracy_metres"),
    /** The original file's own EXIF time and position, read before they were stripped from what is served. */
    exifTakenAt: timestampColumn("exif_taken_at"),
    exifLatitude: doublePrecision("exif_latitude"),
    exifLongitude: doublePrecision("exif_longitude"),
    /** SHA-256 of the original bytes, kept privately under original_key so that the evidence log can check them. */
    sha256: text("sha256"),
    originalKey: text("original_key"),
    /** SHA-256 of the gallery size served: the bytes someone who saved the photo from the portal passes on. */
    gallerySha256: text("gallery_sha256"),
    verdict: text("verdict", { enum: evidenceVerdicts }).notNull().default("unverified"),
    verdictReason: text("verdict_reason").notNull().default("Added before the portal checked where and when photos were taken."),
    /** How far from the site's centre it was taken, in metres, when that is known. */
    distanceMetres: integer("distance_metres"),
    milestoneId: integer("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    /** The live check it answers, if any. */
    liveCheckId: integer("live_check_id").references((): AnyPgColumn => liveChecks.id, { onDelete: "set null" }),
    /** The fixed viewpoint it was taken from, if any. */
    photoPointId: integer("photo_point_id").references((): AnyPgColumn => photoPoints.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("project_photos_project_idx").on(table.projectId, table.createdAt),
    index("project_photos_live_check_idx").on(table.liveCheckId),
    index("project_photos_photo_point_idx").on(table.photoPointId, table.createdAt),
    index("project_photos_sha256_idx").on(table.projectId, table.sha256),
    index("project_photos_gallery_sha256_idx").on(table.projectId, table.gallerySha256),
  ],
);

/**
 * A video of a project (docs/decisions/137-videos-through-ffmpeg.md): served as a 480p MP4 with a poster frame, the
 * original kept privately under original_key, and what the upload saw, judged as a photo's is.
 */
export const projectVideos = pgTable(
  "project_videos",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    uploadedById: personOrNull("uploaded_by_id"),
    caption: text("caption").notNull().default(""),
    videoUrl: text("video_url").notNull(),
    posterUrl: text("poster_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    durationSeconds: doublePrecision("duration_seconds").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    source: text("source", { enum: captureSources }).notNull(),
    capturedAt: timestampColumn("captured_at"),
    queuedAt: timestampColumn("queued_at"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    accuracyMetres: doublePrecision("accuracy_metres"),
    /** The original file's own creation time and position, as the phone wrote them in the container. */
    originalTakenAt: timestampColumn("original_taken_at"),
    originalLatitude: doublePrecision("original_latitude"),
    originalLongitude: doublePrecision("original_longitude"),
    sha256: text("sha256").notNull(),
    /** SHA-256 of the MP4 served: the bytes someone who saved the video from the portal passes on. */
    servedSha256: text("served_sha256").notNull(),
    originalKey: text("original_key").notNull(),
    verdict: text("verdict", { enum: evidenceVerdicts }).notNull(),
    verdictReason: text("verdict_reason").notNull(),
    distanceMetres: integer("distance_metres"),
    milestoneId: integer("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    liveCheckId: integer("live_check_id").references((): AnyPgColumn => liveChecks.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("project_videos_project_idx").on(table.projectId, table.createdAt),
    index("project_videos_live_check_idx").on(table.liveCheckId),
    index("project_videos_sha256_idx").on(table.projectId, table.sha256),
  ],
);

/**
 * A client's request that the site show something now: the site answers with camera photos showing the 4-digit code
 * written on a card, before `due_by` (docs/decisions/136-live-checks.md).
 */
export const liveChecks = pgTable(
  "live_checks",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    requestedById: personOrNull("requested_by_id"),
    request: text("request").notNull(),
    code: text("code").notNull(),
    requestedAt: timestampColumn("requested_at").notNull().defaultNow(),
    dueBy: timestampColumn("due_by").notNull(),
    answeredAt: timestampColumn("answered_at"),
    answeredById: personOrNull("answered_by_id"),
  },
  (table) => [
    index("live_checks_project_idx").on(table.projectId, table.requestedAt),
    check("live_checks_code_digits", sql`${table.code} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * A fixed viewpoint on a site, named by the project office: the photos taken from it form a series, compared side by
 * side and played as a time-lapse (docs/decisions/138-photo-points.md). Names are unique per project, whatever their case.
 */
export const photoPoints = pgTable(
  "photo_points",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    name: text("name").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Which way the camera faces, in degrees clockwise from north. */
    bearing: integer("bearing"),
    createdById: personOrNull("created_by_id"),
    createdAt: createdAt(),
    /** The time-lapse last made of its series, in the documents' store (made again once the series changes). */
    timelapseKey: text("timelapse_key"),
  },
  (table) => [
    uniqueIndex("photo_points_project_name_idx").on(table.projectId, sql`lower(${table.name})`),
    check("photo_points_name_length", sql`char_length(${table.name}) BETWEEN 1 AND 80`),
    check(
      "photo_points_position",
      sql`(${table.latitude} IS NULL) = (${table.longitude} IS NULL) AND ${table.latitude} BETWEEN -90 AND 90 AND ${table.longitude} BETWEEN -180 AND 180`,
    ),
    check("photo_points_bearing", sql`${table.bearing} BETWEEN 0 AND 359`),
  ],
);

/**
 * A project's evidence log, a hash chain (docs/decisions/135-evidence-log-hash-chain.md): entries are only ever
 * added, numbered from 1 per project; each holds the hash of its content and of the entry before it. The recorder's
 * id has no foreign key: deleting an account must not change an entry.
 */
export const evidenceEntries = pgTable(
  "evidence_entries",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    sequence: integer("sequence").notNull(),
    kind: text("kind", { enum: evidenceKinds }).notNull(),
    subjectId: integer("subject_id"),
    content: jsonb("content").$type<EvidenceContent>().notNull(),
    contentHash: text("content_hash").notNull(),
    previousHash: text("previous_hash").notNull(),
    entryHash: text("entry_hash").notNull(),
    recordedById: uuid("recorded_by_id"),
    recordedAt: timestampColumn("recorded_at").notNull(),
  },
  (table) => [uniqueIndex("evidence_entries_sequence_idx").on(table.projectId, table.sequence)],
);

/** Drawings, contracts, reports: private files, downloaded only through the API by those who may read the project. */
export const projectDocuments = pgTable(
  "project_documents",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    uploadedById: personOrNull("uploaded_by_id"),
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** One of documentFolders (src/shared/project-terms.ts); the database checks it. */
    folder: text("folder").$type<DocumentFolder>().notNull().default("other"),
    /** 1, 2…: a new upload of the same file name (any case) in the same folder is the next version; all are kept. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    index("project_documents_project_idx").on(table.projectId, table.createdAt),
    uniqueIndex("project_documents_version_idx").on(table.projectId, table.folder, sql`lower(${table.fileName})`, table.version),
  ],
);

/**
 * A project's weekly progress report (docs/decisions/139-weekly-reports.md): a PDF in the document store. The Monday
 * schedule makes one per project and week (the partial unique index: two instances, or a restart, make it once);
 * the office makes more on demand. `week_start` is the Monday of the week reported, in Lagos, as YYYY-MM-DD.
 */
export const projectReports = pgTable(
  "project_reports",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    weekStart: text("week_start").notNull(),
    /** Made by the Monday schedule (made_by_id is then null), not on demand. */
    scheduled: boolean("scheduled").notNull(),
    /** The project's progress when it was made: the next report says how it changed. */
    progress: integer("progress").notNull(),
    madeAt: timestampColumn("made_at").notNull().defaultNow(),
    madeById: personOrNull("made_by_id"),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
  },
  (table) => [
    index("project_reports_project_idx").on(table.projectId, table.madeAt),
    uniqueIndex("project_reports_scheduled_week_idx").on(table.projectId, table.weekStart).where(sql`${table.scheduled}`),
    check("project_reports_week_start_day", sql`${table.weekStart} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

/**
 * The project office's invitation of a project's client by email: a single-use link (the token stored hashed) that
 * opens the registration with the address filled in, or the sign-in for an account that exists; it attaches the project.
 */
export const projectInvitations = pgTable(
  "project_invitations",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    invitedById: personOrNull("invited_by_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /** When it was accepted or replaced by a newer invitation: it no longer opens anything. */
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    acceptedById: personOrNull("accepted_by_id"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("project_invitations_token_idx").on(table.tokenHash),
    index("project_invitations_project_idx").on(table.projectId, table.createdAt),
    index("project_invitations_sender_idx").on(table.invitedById, table.createdAt),
  ],
);

/**
 * A conversation: one per project (its client and team), one per department (its staff), or a direct
 * conversation between two staff members (direct_key: their two ids, sorted, joined by ':').
 */
export const conversations = pgTable("conversations", {
  id: serial("id").primaryKey(),
  kind: text("kind", { enum: conversationKinds }).notNull(),
  projectId: integer("project_id")
    .unique()
    .references(() => projects.id, { onDelete: "cascade" }),
  department: text("department", { enum: departmentNames }).unique(),
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
    authorId: personOrNull("author_id"),
    /** Plain text or Markdown, sanitised when rendered. */
    body: text("body").notNull(),
    /** The body rendered and sanitised when written (reads never parse); null for messages written before it was kept. */
    bodyHtml: text("body_html"),
    attachments: jsonb("attachments").$type<MessageAttachment[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  // author_id too: unread counts (messages after my marker, not mine) are answered from the index alone.
  (table) => [index("messages_conversation_idx").on(table.conversationId, table.id, table.authorId)],
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

/**
 * A department call (src/shared/calls.ts): who started it, for which department, video or voice,
 * when it started, was first answered and ended. Active while ended_at is null.
 */
export const calls = pgTable(
  "calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    department: text("department", { enum: departmentNames }).notNull(),
    media: text("media", { enum: callMediaKinds }).notNull(),
    startedById: uuid("started_by_id").references(() => users.id, { onDelete: "set null" }),
    /** Only the people rung (chosen members) may join, besides admins; otherwise the whole department may. */
    invitedOnly: boolean("invited_only").notNull().default(false),
    startedAt: timestampColumn("started_at").notNull().defaultNow(),
    answeredAt: timestampColumn("answered_at"),
    endedAt: timestampColumn("ended_at"),
  },
  (table) => [index("calls_active_idx").on(table.endedAt)],
);

/**
 * Everyone a call concerns: the caller, the people rung, and who joined. A participant is in the call
 * while joined_at is set and left_at is not; connection_id is the realtime connection (tab) in the call.
 */
export const callMembers = pgTable(
  "call_members",
  {
    callId: uuid("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rungAt: timestampColumn("rung_at"),
    declinedAt: timestampColumn("declined_at"),
    /** Rung and never answered (the ring timed out or the call ended first). */
    missed: boolean("missed").notNull().default(false),
    joinedAt: timestampColumn("joined_at"),
    leftAt: timestampColumn("left_at"),
    connectionId: text("connection_id"),
    audio: boolean("audio").notNull().default(true),
    video: boolean("video").notNull().default(false),
    screen: boolean("screen").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.callId, table.userId] }),
    index("call_members_user_idx").on(table.userId),
    index("call_members_connection_idx").on(table.connectionId),
  ],
);

/** The bell: what happened that concerns a user (kinds in src/shared/notifications.ts). */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** The portal path the notification opens. */
    link: text("link"),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    readAt: timestampColumn("read_at"),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_user_idx").on(table.userId, table.id),
    // The bell's unread count reads only the unread ones.
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    category: text("category").$type<BlogCategorySlug>().notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    bodyMarkdown: text("body_markdown").notNull(),
    /** The body rendered and sanitised when written (reads never parse); null for posts written before it was kept. */
    bodyHtml: text("body_html"),
    // Kept by the database on every write, so listings do not split every body on every read.
    wordCount: integer("word_count")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(array_length(regexp_split_to_array(trim(body_markdown), '\\s+'), 1), 0)`),
    authorName: text("author_name").notNull(),
    /** The staff member who wrote the post in the portal; null for the starting content. */
    authorId: personOrNull("author_id"),
    coverImage: text("cover_image"),
    keywords: jsonb("keywords").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status", { enum: blogPostStatuses }).notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("blog_posts_slug_idx").on(table.slug),
    index("blog_posts_listing_idx").on(table.status, table.category, table.publishedAt),
  ],
);

export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: inquiryStatuses }).notNull().default("new"),
    assignedToId: personOrNull("assigned_to_id"),
    /** The internal note on how the inquiry was answered. */
    replyNote: text("reply_note").notNull().default(""),
    handledAt: timestampColumn("handled_at"),
    /** The project the inquiry became, when it did (Business Administration counts conversions). */
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  // The inbox, newest first (read backwards): a page comes from the index instead of sorting every inquiry.
  (table) => [index("contact_inquiries_created_idx").on(table.createdAt, table.id)],
);

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
  /** Set on a mail carrying a one-time code: its body is erased once delivered or past this time. */
  codeExpiresAt: timestamp("code_expires_at", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
});

/** The users table (docs/product.md#records), plus what sign-in needs. */
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
    department: text("department", { enum: departmentNames }).notNull(),
    departmentCode: text("department_code").unique(),
    role: text("role", { enum: roles }).notNull().default("user"),
    /** False when an admin has blocked the account. */
    active: boolean("active").notNull().default(true),
    /** Staff accounts wait for an admin's approval; everyone else is approved on registration. */
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true, mode: "date" }),
    passwordHash: text("password_hash").notNull(),
    /** False for an account opened through an identity provider: its hash is of a secret nobody knows until a reset. */
    hasPassword: boolean("has_password").notNull().default(true),
    avatarUrl: text("avatar_url"),
    /** The TOTP secret, sealed (modules/auth/totp-secrets.ts); set at enrolment, in force once mfa_enabled_at is set. */
    mfaSecret: text("mfa_secret"),
    mfaEnabledAt: timestamp("mfa_enabled_at", { withTimezone: true, mode: "date" }),
    /** The 30-second step of the last authenticator code accepted: a code is accepted once. */
    mfaLastTotpStep: integer("mfa_last_totp_step"),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true, mode: "date" }),
    /** A new address waiting for its emailed code before it replaces `email`. */
    pendingEmail: text("pending_email"),
    /** A staff record's job title and desk phone extension (digits), kept by HR and the administrators. */
    jobTitle: text("job_title").notNull().default(""),
    phoneExtension: text("phone_extension").notNull().default(""),
    /** Per kind of event: in-app and email (src/shared/notifications.ts); absent kinds use the defaults. */
    notificationPreferences: jsonb("notification_preferences")
      .$type<Record<string, { inApp: boolean; email: boolean }>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The IANA zone their times are written in (src/shared/zoned-time.ts); null until chosen, meanwhile Lagos. */
    timeZone: text("time_zone"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_idx").on(table.email),
    // The orders of the accounts table, each ending with the id (migration 0027).
    index("users_created_idx").on(table.createdAt, table.id),
    index("users_name_order_idx").on(sql`lower(${table.firstName} || ' ' || ${table.lastName})`, table.id),
    index("users_last_login_order_idx").on(sql`coalesce(${table.lastLoginAt}, '-infinity'::timestamptz)`, table.id),
    index("users_role_department_idx").on(table.role, table.department),
    check("users_job_title_length", sql`char_length(${table.jobTitle}) <= 80`),
    check("users_phone_extension_digits", sql`${table.phoneExtension} ~ '^[0-9]{0,6}$'`),
  ],
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

/**
 * The 'this wasn't me' link of one security notice: its own 256-bit token (stored hashed), used once, bound to the
 * event the notice reported, so that what was added since that event can be removed (docs/decisions/113-not-me-links.md).
 */
export const notMeLinks = pgTable(
  "not_me_links",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The reported event (no foreign key: the access log is pruned on its own schedule) and its time. */
    eventId: integer("event_id"),
    eventAt: timestamp("event_at", { withTimezone: true, mode: "date" }).notNull(),
    /** An email change's notice: the address it was taken from, which the link puts back. */
    restoreEmail: text("restore_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("not_me_links_token_idx").on(table.tokenHash), index("not_me_links_user_idx").on(table.userId)],
);

/** An identity provider's account (OpenID Connect issuer and subject) linked to one of ours. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The provider's id in OIDC_PROVIDERS. */
    provider: text("provider").notNull(),
    /** The provider's `sub`: stable for the person at that provider, unlike their email. */
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    uniqueIndex("user_identities_subject_idx").on(table.provider, table.subject),
    uniqueIndex("user_identities_user_idx").on(table.userId, table.provider),
  ],
);

/**
 * A round trip to an identity provider in progress (PKCE verifier, nonce; the state stored hashed), or a provider
 * identity waiting for its account's password before it is linked. Short-lived and used once.
 */
export const oidcFlows = pgTable("oidc_flows", {
  id: serial("id").primaryKey(),
  stateHash: text("state_hash").notNull().unique(),
  provider: text("provider").notNull(),
  purpose: text("purpose").$type<"sign_in" | "link" | "confirm_link">().notNull(),
  /** Who asked to link (purpose link), or the account waiting for its password (confirm_link). */
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  codeVerifier: text("code_verifier"),
  nonce: text("nonce"),
  subject: text("subject"),
  email: text("email"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
  createdAt: createdAt(),
});

/** A passkey (WebAuthn discoverable credential) of an account; a sign-in with it counts as two factors. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url, as the authenticator reports it. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter: a value that does not grow (when it counts) means a cloned key. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

/** A WebAuthn challenge handed out (stored hashed), usable once within a few minutes. */
export const passkeyChallenges = pgTable("passkey_challenges", {
  id: serial("id").primaryKey(),
  challengeHash: text("challenge_hash").notNull().unique(),
  /** Set for adding a passkey or proving it is the user (the signed-in user); null for signing in, where the passkey names its account. */
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  /** What the challenge may be answered for, so a step-up challenge can never add a passkey (docs/decisions/112-step-up-proof.md). */
  purpose: text("purpose", { enum: ["sign_in", "add", "step_up"] })
    .notNull()
    .default("sign_in"),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true, mode: "date" }),
});

/** The access log of the security centre: every security-relevant event. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: serial("id").primaryKey(),
    userId: personOrNull("user_id"),
    email: text("email"),
    type: text("type").notNull(),
    outcome: text("outcome", { enum: securityOutcomes }).notNull(),
    reason: text("reason"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (table) => [
    index("security_events_email_idx").on(table.email, table.type, table.createdAt),
    index("security_events_ip_idx").on(table.ipAddress, table.type, table.createdAt),
    // Analytics: who signed in within a period.
    index("security_events_type_created_idx").on(table.type, table.createdAt),
    // The security centre: a person's own activity, and the admins' access log newest first.
    index("security_events_user_idx").on(table.userId, table.id),
    index("security_events_created_idx").on(table.createdAt),
  ],
);

/**
 * Alerts the threat rules raise as security events are written (src/server/platform/threat-rules.ts): one open alert
 * per rule and subject (an address, an account), its evidence the ids of the events behind it.
 */
export const securityAlerts = pgTable(
  "security_alerts",
  {
    id: serial("id").primaryKey(),
    rule: text("rule").$type<ThreatRule>().notNull(),
    severity: text("severity").$type<SecurityAlert["severity"]>().notNull(),
    /** What it is about: an address for the address rules, an account's email for the account rules. */
    subject: text("subject").notNull(),
    /** The address to block from the alert, when there is one. */
    ipAddress: text("ip_address"),
    evidence: jsonb("evidence").$type<number[]>().notNull(),
    status: text("status", { enum: alertStatuses }).notNull().default("open"),
    acknowledgedById: personOrNull("acknowledged_by_id"),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true, mode: "date" }),
    /** When the admins were emailed about it (high severity, at most once per rule and subject an hour). */
    emailedAt: timestamp("emailed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("security_alerts_open_idx").on(table.rule, table.subject).where(sql`status = 'open'`),
    index("security_alerts_status_idx").on(table.status, table.id),
  ],
);

/** Addresses and CIDR ranges refused before any route, on every instance, until they expire (never when null). */
export const addressBlocks = pgTable("address_blocks", {
  id: serial("id").primaryKey(),
  /** A single address (203.0.113.7, 2001:db8::1) or a range (203.0.113.0/24, 2001:db8::/32), as normalised. */
  address: text("address").notNull(),
  reason: text("reason").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
  alertId: integer("alert_id").references(() => securityAlerts.id, { onDelete: "set null" }),
  createdById: personOrNull("created_by_id"),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins counted in a fixed window per account and address ("pair:<email>|<address>"), per account
 * ("account:<email>") and per address ("address:<address>"), an IPv6 address by its /64.
 * An attempt takes a slot before its password is hashed (one atomic upsert), and gives it back when it succeeds.
 * Rows whose window is over are purged (src/server/platform/retention.ts).
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true, mode: "date" }).notNull(),
  /** When a refusal of this counter was last logged: once per window, however many are refused. */
  refusalLoggedAt: timestamp("refusal_logged_at", { withTimezone: true, mode: "date" }),
});

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

/**
 * One row whose version goes up, by triggers, whenever anything a public page shows changes (site content,
 * services, posts, portfolio projects, settings): the rendered-page cache is keyed by it (src/server/ssr/page-cache.ts).
 */
export const siteContentVersion = pgTable("site_content_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * Every admin action: who (a copy of their email, so the line outlives the account), what, to whom, when,
 * the values before and after, and the address it came from. Append-only: a trigger refuses updates and
 * deletes, and the product has no endpoint that would try.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action", { enum: auditActions }).notNull(),
    targetId: text("target_id"),
    /** The target as a person reads it (the account's email), kept after the target is deleted. */
    targetLabel: text("target_label"),
    before: jsonb("before"),
    after: jsonb("after"),
    ipAddress: text("ip_address").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("admin_audit_log_action_idx").on(table.action, table.id), index("admin_audit_log_created_idx").on(table.createdAt)],
);

/** An admin's message to every staff member or to one department (audience: 'all' or the department's name). */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    audience: text("audience").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    createdAt: createdAt(),
  },
  (table) => [index("announcements_audience_idx").on(table.audience, table.id)],
);

/**
 * One beacon of the public pages (src/server/modules/analytics): a page view or a Web Vitals measure. No cookie and
 * nothing personal: the visitor is a hash of address, browser and a salt of the day that is discarded after the day.
 * Kept 90 days; the charts read the daily roll-ups (analytics_daily).
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** pageview, or a Web Vitals metric: LCP, INP, CLS, TTFB. */
    kind: text("kind").notNull(),
    path: text("path").notNull(),
    /** The referring site's host name; null for a direct visit or a page of this site. */
    referrer: text("referrer"),
    /** mobile, tablet or desktop, from the viewport's width. */
    device: text("device").notNull(),
    visitor: text("visitor").notNull(),
    /** The metric's value (milliseconds; CLS unitless); null for a page view. */
    value: doublePrecision("value"),
    createdAt: createdAt(),
  },
  (table) => [index("page_views_created_idx").on(table.createdAt)],
);

/**
 * The daily roll-ups of page_views: per day, a metric (views, visitors, page, referrer, device, vital:LCP…) and a key
 * (the page, the referrer, the device, a Web Vitals bin) with its figure. Rewritten whole for a day by each roll-up.
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").notNull(),
    key: text("key").notNull().default(""),
    value: doublePrecision("value").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.key] })],
);

/**
 * Who signed in within each day, week (from Monday) and calendar month, UTC: one row per person and period, written by
 * a trigger on security_events as each successful sign-in is logged (migration 0015). A new row adds one to its
 * period's figure in active_user_counts; a removed row (the account deleted) takes one off.
 */
export const activeUsers = pgTable(
  "active_users",
  {
    granularity: text("granularity").notNull(),
    start: date("start", { mode: "string" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.granularity, table.start, table.userId] })],
);

/** The number of people in active_users per period: the users report reads its buckets' figures here. */
export const activeUserCounts = pgTable(
  "active_user_counts",
  {
    granularity: text("granularity").notNull(),
    start: date("start", { mode: "string" }).notNull(),
    total: integer("total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.granularity, table.start] })],
);

/**
 * Each person's latest day with a successful sign-in (UTC), kept by the same trigger: a timeframe ends today, so the
 * people active within it are those whose latest sign-in falls on or after its first day.
 */
export const lastSignIns = pgTable(
  "last_sign_ins",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (table) => [index("last_sign_ins_day_idx").on(table.day)],
);

/**
 * A version per list a cache keeps (`projects`, `inquiries`, `conversations`), changed by triggers at the commit of any change to what
 * that list shows (migration 0016). Taken from one sequence, so a version never comes back.
 */
export const listVersions = pgTable("list_versions", {
  list: text("list").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
});

/**
 * The bill of quantities of a project, one row an item (docs/decisions/140-boq-and-contract.md): quantities in
 * thousandths of their unit, rates in kobo; amounts, subtotals and the contract sum are computed, never stored.
 * `bill_position` and `position` keep the order of the file.
 */
export const boqItems = pgTable(
  "boq_items",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    bill: text("bill").notNull(),
    billPosition: integer("bill_position").notNull(),
    position: integer("position").notNull(),
    ref: text("ref").notNull(),
    description: text("description").notNull(),
    unit: text("unit").notNull(),
    quantityMilli: bigint("quantity_milli", { mode: "number" }).notNull(),
    rateKobo: bigint("rate_kobo", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("boq_items_project_ref_idx").on(table.projectId, table.ref),
    index("boq_items_project_position_idx").on(table.projectId, table.position),
    check("boq_items_quantity_check", sql`${table.quantityMilli} >= 0`),
    check("boq_items_rate_check", sql`${table.rateKobo} >= 0`),
  ],
);

/** A project's contract as signed: from then its BOQ is fixed and changes go through variations. */
export const projectContracts = pgTable(
  "project_contracts",
  {
    projectId: integer("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    signedOn: date("signed_on", { mode: "string" }).notNull(),
    /** Hundredths of a percent: 5 % is 500. */
    retentionBasisPoints: integer("retention_basis_points").notNull(),
    defectsPeriodDays: integer("defects_period_days").notNull(),
    recordedById: personOrNull("recorded_by_id"),
    recordedAt: timestampColumn("recorded_at").notNull().defaultNow(),
  },
  (table) => [
    check("project_contracts_retention_check", sql`${table.retentionBasisPoints} BETWEEN 0 AND 2000`),
    check("project_contracts_defects_period_check", sql`${table.defectsPeriodDays} BETWEEN 0 AND 1095`),
  ],
);

/**
 * A change to a signed contract: binding only once the project's client approves it with a fresh proof
 * (docs/decisions/141-variations-approved-by-the-client.md). Its total and effect are computed from its lines.
 */
export const variations = pgTable(
  "variations",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    reason: text("reason").notNull(),
    daysAdded: integer("days_added").notNull().default(0),
    status: text("status", { enum: variationStatuses }).notNull().default("pending"),
    raisedById: personOrNull("raised_by_id"),
    raisedAt: timestampColumn("raised_at").notNull().defaultNow(),
    decidedById: personOrNull("decided_by_id"),
    decidedAt: timestampColumn("decided_at"),
    declineReason: text("decline_reason"),
    /** Where the decision came from: the browser's user agent and address, for the record. */
    decidedFromAddress: text("decided_from_address"),
    decidedFromDevice: text("decided_from_device"),
  },
  (table) => [
    uniqueIndex("variations_project_number_idx").on(table.projectId, table.number),
    check("variations_status_check", sql`${table.status} IN ('pending', 'approved', 'declined')`),
    check("variations_days_added_check", sql`${table.daysAdded} BETWEEN -365 AND 3650`),
  ],
);

/** A line of a variation: an omission has a negative quantity. */
export const variationLines = pgTable(
  "variation_lines",
  {
    id: serial("id").primaryKey(),
    variationId: integer("variation_id")
      .notNull()
      .references(() => variations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    unit: text("unit").notNull(),
    quantityMilli: bigint("quantity_milli", { mode: "number" }).notNull(),
    rateKobo: bigint("rate_kobo", { mode: "number" }).notNull(),
  },
  (table) => [
    index("variation_lines_variation_idx").on(table.variationId, table.position),
    check("variation_lines_rate_check", sql`${table.rateKobo} >= 0`),
  ],
);

/**
 * An interim valuation (docs/decisions/142-valuations-certified-once.md): the office measures, Accounts certify, and a
 * certified one never changes. Values, retention and the amount due are computed from its lines and the contract.
 */
export const valuations = pgTable(
  "valuations",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    number: integer("number").notNull(),
    asAt: date("as_at", { mode: "string" }).notNull(),
    materialsOnSiteKobo: bigint("materials_on_site_kobo", { mode: "number" }).notNull().default(0),
    preparedById: personOrNull("prepared_by_id"),
    preparedAt: timestampColumn("prepared_at").notNull().defaultNow(),
    certifiedById: personOrNull("certified_by_id"),
    certifiedAt: timestampColumn("certified_at"),
  },
  (table) => [
    uniqueIndex("valuations_project_number_idx").on(table.projectId, table.number),
    check("valuations_materials_check", sql`${table.materialsOnSiteKobo} >= 0`),
  ],
);

/** The quantity of one BOQ item or variation line done to date, as a valuation measured it. */
export const valuationLines = pgTable(
  "valuation_lines",
  {
    id: serial("id").primaryKey(),
    valuationId: integer("valuation_id")
      .notNull()
      .references(() => valuations.id, { onDelete: "cascade" }),
    boqItemId: integer("boq_item_id").references(() => boqItems.id, { onDelete: "restrict" }),
    variationLineId: integer("variation_line_id").references(() => variationLines.id, { onDelete: "restrict" }),
    quantityMilli: bigint("quantity_milli", { mode: "number" }).notNull(),
  },
  (table) => [
    index("valuation_lines_valuation_idx").on(table.valuationId),
    check("valuation_lines_one_subject_check", sql`(${table.boqItemId} IS NULL) <> (${table.variationLineId} IS NULL)`),
    check("valuation_lines_quantity_check", sql`${table.quantityMilli} >= 0`),
  ],
);

/**
 * The photos of the project's evidence a valuation line names as proof of the work measured, in the order chosen
 * (docs/decisions/143-valuation-certificates-with-photos.md). A photo removed from the gallery leaves the line.
 */
export const valuationLinePhotos = pgTable(
  "valuation_line_photos",
  {
    valuationLineId: integer("valuation_line_id")
      .notNull()
      .references(() => valuationLines.id, { onDelete: "cascade" }),
    photoId: integer("photo_id")
      .notNull()
      .references(() => projectPhotos.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [primaryKey({ columns: [table.valuationLineId, table.photoId] }), index("valuation_line_photos_photo_idx").on(table.photoId)],
);

/**
 * A stage of a project's payment schedule: a fixed amount in kobo or a share of the contract sum in basis points
 * (hundredths of a percent), never both; a share's amount is worked out from the current contract sum on each read.
 * Due when its milestone is done; a stage without one (mobilisation) once the contract is signed.
 */
export const paymentStages = pgTable(
  "payment_stages",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    amountKobo: bigint("amount_kobo", { mode: "number" }),
    percentBasisPoints: integer("percent_basis_points"),
    /** A deleted milestone leaves its stage without one. */
    milestoneId: integer("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    createdById: personOrNull("created_by_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("payment_stages_project_position_idx").on(table.projectId, table.position),
    check("payment_stages_amount_or_percent_check", sql`(${table.amountKobo} IS NULL) <> (${table.percentBasisPoints} IS NULL)`),
    check("payment_stages_amount_check", sql`${table.amountKobo} > 0`),
    check("payment_stages_percent_check", sql`${table.percentBasisPoints} BETWEEN 1 AND 10000`),
  ],
);

/** The last number given in a company-wide series for a year (INV, RCT): taken in the transaction that uses it, so no gap. */
export const documentNumbers = pgTable(
  "document_numbers",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.year] })],
);

/**
 * An invoice as issued (docs/decisions/145-invoices-payments-and-the-statement.md): a certified valuation's amount due,
 * a due stage's amount or the retention held. Its amount is kept as issued, because a stage's share of the contract
 * sum moves with later variations while a demand already sent does not; what was paid against it is computed.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    number: text("number").notNull(),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    valuationId: integer("valuation_id").references(() => valuations.id, { onDelete: "restrict" }),
    stageId: integer("stage_id").references(() => paymentStages.id, { onDelete: "restrict" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    issuedById: personOrNull("issued_by_id"),
    issuedAt: timestampColumn("issued_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invoices_number_idx").on(table.number),
    uniqueIndex("invoices_valuation_idx").on(table.valuationId),
    uniqueIndex("invoices_stage_idx").on(table.stageId),
    index("invoices_project_idx").on(table.projectId, table.issuedOn),
    check("invoices_kind_check", sql`${table.kind} IN ('valuation', 'stage', 'retention')`),
    check("invoices_amount_check", sql`${table.amountKobo} > 0`),
  ],
);

/** Someone the client added to pay for their project with them (a sibling abroad): they read its money and record transfers. */
export const projectPayers = pgTable(
  "project_payers",
  {
    projectId: partOfProject(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedById: personOrNull("added_by_id"),
    addedAt: timestampColumn("added_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.userId] }), index("project_payers_user_idx").on(table.userId)],
);

/**
 * A transfer a payer recorded against an invoice, with its proof, until Accounts confirm it (a receipt is numbered)
 * or reject it. One transfer (the same reference and amount on a project) is confirmed at most once: the index says so.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    payerId: personOrNull("payer_id"),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    reference: text("reference").notNull(),
    proofKey: text("proof_key").notNull(),
    proofName: text("proof_name").notNull(),
    proofType: text("proof_type").notNull(),
    proofBytes: integer("proof_bytes").notNull(),
    proofSha256: text("proof_sha256").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("awaiting_confirmation"),
    recordedAt: timestampColumn("recorded_at").notNull().defaultNow(),
    decidedById: personOrNull("decided_by_id"),
    decidedAt: timestampColumn("decided_at"),
    rejectReason: text("reject_reason"),
    receiptNumber: text("receipt_number"),
  },
  (table) => [
    index("payments_project_idx").on(table.projectId, table.paidOn),
    index("payments_invoice_idx").on(table.invoiceId),
    index("payments_awaiting_idx").on(table.recordedAt).where(sql`${table.status} = 'awaiting_confirmation'`),
    uniqueIndex("payments_receipt_idx").on(table.receiptNumber),
    uniqueIndex("payments_confirmed_transfer_idx")
      .on(table.projectId, sql`upper(regexp_replace(${table.reference}, '\\s', '', 'g'))`, table.amountKobo)
      .where(sql`${table.status} = 'confirmed'`),
    check("payments_status_check", sql`${table.status} IN ('awaiting_confirmation', 'confirmed', 'rejected')`),
    check("payments_amount_check", sql`${table.amountKobo} > 0`),
    check("payments_receipt_check", sql`(${table.status} = 'confirmed') = (${table.receiptNumber} IS NOT NULL)`),
  ],
);

/**
 * The first answer to each Idempotency-Key a signed-in person sent (platform/idempotency.ts): claimed by an
 * insert-or-nothing on (user, key) while the request runs, then its answer; kept 24 hours
 * (docs/decisions/148-idempotency-keys.md).
 */
export const idempotentRequests = pgTable(
  "idempotent_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    method: text("method").notNull(),
    /** The path with its query string, as requested. */
    path: text("path").notNull(),
    /** A hash of the body (platform/idempotency-fingerprint.ts): the same key with another body is refused. */
    fingerprint: text("fingerprint").notNull(),
    state: text("state", { enum: idempotentRequestStates }).notNull().default("processing"),
    statusCode: integer("status_code"),
    /** The headers a repeat needs again: content-type and location. */
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** The answer's bytes as sent; null when it was too large (or not text) to keep. */
    responseBody: text("response_body"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("idempotent_requests_user_key_idx").on(table.userId, table.key),
    index("idempotent_requests_created_idx").on(table.createdAt),
    check("idempotent_requests_state_check", sql`${table.state} IN ('processing', 'completed')`),
  ],
);

/**
 * A snag (docs/decisions/147-snags.md): something still to put right, where, who is to fix it and by when. Its status
 * moves open → fixed → closed (or back to open with a reason); each move is a row of snag_status_changes.
 */
export const snags = pgTable(
  "snags",
  {
    id: serial("id").primaryKey(),
    projectId: partOfProject(),
    title: text("title").notNull(),
    location: text("location").notNull(),
    assigneeId: personOrNull("assignee_id"),
    dueOn: date("due_on", { mode: "string" }),
    status: text("status", { enum: snagStatuses }).notNull().default("open"),
    raisedById: personOrNull("raised_by_id"),
    raisedAt: timestampColumn("raised_at").notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("snags_project_idx").on(table.projectId, table.raisedAt),
    check("snags_status_check", sql`${table.status} IN ('open', 'fixed', 'closed')`),
    check("snags_title_length", sql`char_length(${table.title}) BETWEEN 1 AND 160`),
    check("snags_location_length", sql`char_length(${table.location}) BETWEEN 1 AND 160`),
  ],
);

/** The photos a snag was raised with (kept in project_photos like every photo of the project). */
export const snagPhotos = pgTable(
  "snag_photos",
  {
    snagId: integer("snag_id")
      .notNull()
      .references(() => snags.id, { onDelete: "cascade" }),
    photoId: integer("photo_id")
      .notNull()
      .references(() => projectPhotos.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.snagId, table.photoId] }), index("snag_photos_photo_idx").on(table.photoId)],
);

/** Each move of a snag's status: who, when, and why (a reopening always says why). */
export const snagStatusChanges = pgTable(
  "snag_status_changes",
  {
    id: serial("id").primaryKey(),
    snagId: integer("snag_id")
      .notNull()
      .references(() => snags.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: snagStatuses }).notNull(),
    toStatus: text("to_status", { enum: snagStatuses }).notNull(),
    reason: text("reason"),
    changedById: personOrNull("changed_by_id"),
    changedAt: timestampColumn("changed_at").notNull().defaultNow(),
  },
  (table) => [index("snag_status_changes_snag_idx").on(table.snagId, table.changedAt)],
);

/**
 * A resumable upload (tus, /api/uploads) while it is sent and until a route uses it: its creator, project and kind,
 * checked on every tus request and when a route takes it; `claimedAt` while a route is using it, so that two requests
 * cannot both take it. No foreign keys: the hourly sweep deletes the row with its file a day after its creation.
 */
export const resumableUploads = pgTable(
  "resumable_uploads",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    projectId: integer("project_id").notNull(),
    kind: text("kind", { enum: uploadKinds }).notNull(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    claimedAt: timestampColumn("claimed_at"),
  },
  (table) => [
    index("resumable_uploads_created_idx").on(table.createdAt),
    check("resumable_uploads_kind_check", sql`${table.kind} IN ('photo', 'video')`),
  ],
);

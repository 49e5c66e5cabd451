import { z } from "zod";
import { emailAddressSchema } from "./auth.js";
import { captureSources, MAX_LIVE_CHECK_HOURS, MAX_SITE_RADIUS_METRES, PHOTO_POINT_NAME_MAX } from "./evidence.js";
import { pageNumber, rowIdCursor } from "./fields.js";
import { markdownNestingMessage, withinMarkdownNesting } from "./markdown-nesting.js";
import {
  documentFolders,
  type ProjectStatus,
  progressModes,
  projectCategories,
  projectStatuses,
  WORKERS_ON_SITE_MAX,
  weatherKinds,
} from "./project-terms.js";

export * from "./project-terms.js";

/* ------------------------------------------------------------------------------------------------
 * The projects API: request schemas (the server validates with them, the portal forms reuse them)
 * and the shapes it answers. Money is in kobo (integers); calendar dates are YYYY-MM-DD strings.
 * ---------------------------------------------------------------------------------------------- */

export const PROJECT_PAGE_SIZE = 20;
export const PROJECT_MAX_PAGE_SIZE = 100;
/** Sort keys of GET /api/projects; a leading "-" sorts descending. */
export const projectSortKeys = ["updated", "created", "title", "reference", "target", "progress"] as const;
export type ProjectSortKey = (typeof projectSortKeys)[number];
const projectSorts = [...projectSortKeys, ...projectSortKeys.map((key) => `-${key}` as const)] as const;

const isoDate = z.iso.date("Use a date like 2026-03-31.");
const kobo = z
  .number({ error: "Enter an amount in kobo (a whole number)." })
  .int("Enter an amount in kobo (a whole number).")
  .min(0, "The amount cannot be negative.")
  .max(Number.MAX_SAFE_INTEGER);
const title = z.string().trim().min(3, "The title needs at least 3 characters.").max(160, "Keep the title under 160 characters.");
const description = z.string().trim().min(1, "Describe the project.").max(10_000, "Keep the description under 10,000 characters.");
const category = z.enum(projectCategories, { error: "Choose a category." });
const city = z.string().trim().min(1, "Enter the city.").max(100);
const address = z.string().trim().max(300);
const state = z.string().trim().max(100);
const userId = (message: string) => z.uuid(message);

/** GET /api/projects query. `status` may list several statuses separated by commas. */
export const projectListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z
    .string()
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.enum(projectStatuses, { error: "Unknown status." })))
    .optional(),
  category: category.optional(),
  client: userId("Unknown client.").optional(),
  manager: userId("Unknown manager.").optional(),
  /** `mine`: only the projects the caller manages or is on the team of. */
  team: z.enum(["mine"], { error: "Team must be mine." }).optional(),
  page: pageNumber.default(1),
  pageSize: z.coerce
    .number({ error: "Page size must be a whole number." })
    .int("Page size must be a whole number.")
    .min(1, "Page size must be 1 or more.")
    .max(PROJECT_MAX_PAGE_SIZE, `Page size must be ${PROJECT_MAX_PAGE_SIZE} or less.`)
    .default(PROJECT_PAGE_SIZE),
  sort: z.enum(projectSorts, { error: `Sort by one of ${projectSortKeys.join(", ")} (prefix - for descending).` }).default("-updated"),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;

/** The statuses a project may be shown on the public site in: under way or done. */
export const PORTFOLIO_STATUSES = ["in_progress", "completed"] as const satisfies readonly ProjectStatus[];

/** PUT /api/projects/:id/portfolio-consent: the client agrees, or no longer agrees, to the project being shown publicly. */
export const portfolioConsentSchema = z.object({
  consent: z.boolean({ error: "Say whether you agree: true or false." }),
});

/** GET /api/projects/portfolio-candidates query (canManageSiteContent). */
export const portfolioCandidatesQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: pageNumber.default(1),
});

/** GET /api/projects/clients: the project office looks for the client of a new project. */
export const clientSearchQuerySchema = z.object({ search: z.string().trim().max(100).optional() });

/** POST /api/projects by the project office (canRunProjects). */
export const projectCreateSchema = z.object({
  title,
  reference: z
    .string()
    .trim()
    .regex(/^[A-Z]{2,5}-\d{4}-\d{3,5}$/, "Use a reference like CB-2026-0123.")
    .optional(),
  description,
  category,
  status: z.enum(projectStatuses, { error: "Unknown status." }).default("planning"),
  progress: z.number().int().min(0, "Progress is between 0 and 100.").max(100, "Progress is between 0 and 100.").default(0),
  progressMode: z.enum(progressModes).default("manual"),
  address: address.default(""),
  city,
  state: state.nullable().optional(),
  country: z.string().trim().min(1, "Enter the country.").max(100).default("Nigeria"),
  startDate: isoDate.nullable().optional(),
  targetCompletion: isoDate.nullable().optional(),
  budgetKobo: kobo.default(0),
  spentKobo: kobo.default(0),
  clientId: userId("Choose a client account.").nullable().optional(),
  managerId: userId("Choose a staff member as project manager.").nullable().optional(),
  teamIds: z.array(userId("Every team member must be a staff member.")).max(50, "A team has at most 50 people.").default([]),
});
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;
export type ProjectCreateOutput = z.output<typeof projectCreateSchema>;

/** POST /api/projects by a client (canRequestProject): a request, status `requested`, the client is the caller. */
export const projectRequestSchema = z.object({
  title,
  description,
  category,
  address: address.default(""),
  city,
  state: state.nullable().optional(),
  /** The desired start. */
  startDate: isoDate.nullable().optional(),
});
export type ProjectRequestInput = z.input<typeof projectRequestSchema>;

/** The site as a circle: where photos must be taken to be verified (docs/decisions/135-evidence-log-hash-chain.md). */
export const projectSiteSchema = z.object({
  latitude: z
    .number({ error: "Enter the latitude in degrees, like 9.0826." })
    .min(-90, "A latitude is between -90 and 90.")
    .max(90, "A latitude is between -90 and 90."),
  longitude: z
    .number({ error: "Enter the longitude in degrees, like 7.4951." })
    .min(-180, "A longitude is between -180 and 180.")
    .max(180, "A longitude is between -180 and 180."),
  radiusMetres: z
    .number({ error: "Enter the site's radius in metres." })
    .int("Enter the radius in whole metres.")
    .min(10, "The radius is at least 10 metres.")
    .max(MAX_SITE_RADIUS_METRES, `The radius is at most ${MAX_SITE_RADIUS_METRES.toLocaleString("en-NG")} metres.`),
});
export type ProjectSite = z.output<typeof projectSiteSchema>;

/**
 * PUT /api/projects/:id: any subset. Who may send which field (src/shared/access.ts):
 * projectDetailFields canEditProject, projectRunFields canRunProjects, projectSiteFields canManageSiteContent.
 */
export const projectUpdateSchema = z.object({
  title: title.optional(),
  description: description.optional(),
  category: category.optional(),
  status: z.enum(projectStatuses, { error: "Unknown status." }).optional(),
  progress: z.number().int().min(0, "Progress is between 0 and 100.").max(100, "Progress is between 0 and 100.").optional(),
  progressMode: z.enum(progressModes).optional(),
  address: address.optional(),
  city: city.optional(),
  state: state.nullable().optional(),
  country: z.string().trim().min(1, "Enter the country.").max(100).optional(),
  startDate: isoDate.nullable().optional(),
  targetCompletion: isoDate.nullable().optional(),
  completedOn: isoDate.nullable().optional(),
  budgetKobo: kobo.optional(),
  spentKobo: kobo.optional(),
  /** One of the project's gallery photos becomes the cover (null: no cover). */
  coverPhotoId: z.number().int().positive().nullable().optional(),
  clientId: userId("Choose a client account.").nullable().optional(),
  managerId: userId("Choose a staff member as project manager.").nullable().optional(),
  teamIds: z.array(userId("Every team member must be a staff member.")).max(50, "A team has at most 50 people.").optional(),
  isPortfolio: z.boolean().optional(),
  publicSummary: z.string().trim().max(600, "Keep the public summary under 600 characters.").nullable().optional(),
  highlights: z.array(z.string().trim().min(1).max(120)).max(8, "At most 8 highlights.").optional(),
  /** Where photos are judged against (null: no site). */
  site: projectSiteSchema.nullable().optional(),
  /** How long the site has to answer a live check on this project. */
  liveCheckHours: z
    .number({ error: "Enter a number of hours." })
    .int("Enter whole hours.")
    .min(1, "Give the site at least 1 hour.")
    .max(MAX_LIVE_CHECK_HOURS, `Give the site at most ${MAX_LIVE_CHECK_HOURS} hours (a week).`)
    .optional(),
});
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

/**
 * What a project is, where and when it is built: the details the project office enters for a new project and an
 * editor changes later (the forms and the server's PUT take them as they come).
 */
export const projectDescriptionFields = [
  "title",
  "description",
  "category",
  "status",
  "progressMode",
  "address",
  "city",
  "state",
  "country",
  "startDate",
  "targetCompletion",
] as const;

export const projectRunFields = ["clientId", "managerId", "teamIds"] as const;
export const projectSiteFields = ["isPortfolio", "publicSummary", "highlights"] as const;
export const projectDetailFields = Object.keys(projectUpdateSchema.shape).filter(
  (field) => !(projectRunFields as readonly string[]).includes(field) && !(projectSiteFields as readonly string[]).includes(field),
) as readonly (keyof ProjectUpdateInput)[];

export const milestoneCreateSchema = z.object({
  title: z.string().trim().min(1, "Name the milestone.").max(160),
  description: z.string().trim().max(2000).default(""),
  dueDate: isoDate.nullable().optional(),
  weight: z.number().int().min(1, "The weight is between 1 and 100.").max(100, "The weight is between 1 and 100.").default(1),
  /** Where it goes in the schedule; at the end when absent. */
  position: z.number().int().min(0).optional(),
});
export type MilestoneCreateInput = z.input<typeof milestoneCreateSchema>;

export const milestoneUpdateSchema = z.object({
  title: z.string().trim().min(1, "Name the milestone.").max(160).optional(),
  description: z.string().trim().max(2000).optional(),
  dueDate: isoDate.nullable().optional(),
  weight: z.number().int().min(1, "The weight is between 1 and 100.").max(100, "The weight is between 1 and 100.").optional(),
  position: z.number().int().min(0).optional(),
  /** true marks it done (today unless doneOn says otherwise); false reopens it. */
  done: z.boolean().optional(),
  doneOn: isoDate.optional(),
});
export type MilestoneUpdateInput = z.input<typeof milestoneUpdateSchema>;

/** Moves a milestone one place earlier or later in the schedule, where the office wants another order than by due date. */
export const milestoneMoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "Move it up or down." }) });

/** An optional text field of a form: trimmed, bounded, and null when left empty. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => value || null);

export const workersOnSiteMessage = `Workers on site must be a whole number from 0 to ${WORKERS_ON_SITE_MAX.toLocaleString("en-GB")}.`;
export const DIARY_NOTE_MAX = 1000;

/**
 * The fields of a site diary entry (multipart: each a text field, photos in `images`): the text, and optionally the
 * weather, the workers on site, the equipment and the delays. Empty fields are not said (an older client sends none).
 */
export const siteUpdateSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write what happened on site.")
    .max(5000, "Keep the entry under 5,000 characters.")
    .refine(withinMarkdownNesting, markdownNestingMessage),
  weather: z
    .enum(["", ...weatherKinds], { error: "Choose the weather: Sunny, Cloudy, Rain or Storm." })
    .optional()
    .transform((value) => value || null),
  workersOnSite: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || (/^[0-9]{1,5}$/.test(value) && Number(value) <= WORKERS_ON_SITE_MAX), workersOnSiteMessage)
    .transform((value) => (value ? Number(value) : null)),
  equipment: optionalText(DIARY_NOTE_MAX, "Keep the equipment under 1,000 characters."),
  delays: optionalText(DIARY_NOTE_MAX, "Keep the delays under 1,000 characters."),
});
export type SiteUpdateInput = z.input<typeof siteUpdateSchema>;

/**
 * What the phone says about one photo of an upload (multipart fields repeated in the order of the files): when and where
 * it was taken, from the portal's camera or the gallery, and what it shows. Missing: a gallery photo with nothing said.
 */
export const photoCaptureSchema = z
  .object({
    source: z.enum(captureSources, { error: "The source is camera or library." }).default("library"),
    capturedAt: z.iso.datetime({ offset: true, error: "Give the capture time as an ISO 8601 date and time." }).optional(),
    /** When the phone queued the photo while offline. */
    queuedAt: z.iso.datetime({ offset: true, error: "Give the queueing time as an ISO 8601 date and time." }).optional(),
    latitude: z.coerce
      .number({ error: "Enter the latitude in degrees." })
      .min(-90, "A latitude is between -90 and 90.")
      .max(90, "A latitude is between -90 and 90.")
      .optional(),
    longitude: z.coerce
      .number({ error: "Enter the longitude in degrees." })
      .min(-180, "A longitude is between -180 and 180.")
      .max(180, "A longitude is between -180 and 180.")
      .optional(),
    accuracyMetres: z.coerce
      .number({ error: "Enter the accuracy in metres." })
      .min(0, "The accuracy cannot be negative.")
      .max(1_000_000)
      .optional(),
    milestoneId: rowIdCursor(1).optional(),
    /** The live check the photo answers (it must then come from the portal's camera, taken after the request). */
    liveCheckId: rowIdCursor(1).optional(),
    /** The fixed viewpoint it was taken from (one of the project's photo points). */
    photoPointId: rowIdCursor(1).optional(),
  })
  .refine((capture) => (capture.latitude === undefined) === (capture.longitude === undefined), {
    message: "Give both the latitude and the longitude, or neither.",
    path: ["latitude"],
  });
export type PhotoCaptureInput = z.input<typeof photoCaptureSchema>;

/** DELETE /api/projects/:id/images/:photoId: why the photo goes (the evidence log keeps it). */
export const photoRemovalSchema = z.object({ reason: z.string().trim().max(300, "Keep the reason under 300 characters.").default("") });

export const photoCaptionSchema = z.object({ caption: z.string().trim().max(300, "Keep the caption under 300 characters.") });

/** The text fields of a document upload (multipart fields `title` and `folder`, file in `document`). */
export const documentTitleSchema = z.object({
  title: z.string().trim().max(200, "Keep the title under 200 characters.").optional(),
  folder: z.enum(documentFolders, { error: "Choose one of the folders." }).default("other"),
});

/** POST /api/projects/:id/invitations: the project office invites the project's client by email. */
export const projectInvitationSchema = z.object({
  name: z
    .string({ error: "Enter the client's name." })
    .trim()
    .min(1, "Enter the client's name.")
    .max(160, "Keep the name under 160 characters."),
  email: emailAddressSchema,
});
export type ProjectInvitationInput = z.input<typeof projectInvitationSchema>;
export type ProjectInvitationOutput = z.output<typeof projectInvitationSchema>;

/** POST /api/projects/:id/live-checks: what the client wants the site to show now. */
export const liveCheckRequestSchema = z.object({
  request: z
    .string({ error: "Say what the site should show." })
    .trim()
    .min(3, "Say what the site should show.")
    .max(300, "Keep the request under 300 characters."),
});

const degrees = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter the ${what} in degrees.` })
    .min(min, `A ${what} is between ${min} and ${max}.`)
    .max(max, `A ${what} is between ${min} and ${max}.`);

/** POST /api/projects/:id/photo-points: a fixed viewpoint on the site, where the same photo is taken again and again. */
export const photoPointCreateSchema = z
  .object({
    name: z
      .string({ error: "Name the viewpoint." })
      .trim()
      .min(1, "Name the viewpoint.")
      .max(PHOTO_POINT_NAME_MAX, `Keep the name under ${PHOTO_POINT_NAME_MAX} characters.`),
    latitude: degrees("latitude", -90, 90).nullable().optional(),
    longitude: degrees("longitude", -180, 180).nullable().optional(),
    /** Which way the camera faces, clockwise from north. */
    bearing: z
      .number({ error: "Enter the bearing in whole degrees from north." })
      .int("Enter the bearing in whole degrees from north.")
      .min(0, "A bearing is between 0 and 359 degrees.")
      .max(359, "A bearing is between 0 and 359 degrees.")
      .nullable()
      .optional(),
  })
  .refine((point) => (point.latitude == null) === (point.longitude == null), {
    message: "Give both the latitude and the longitude, or neither.",
    path: ["latitude"],
  });
export type PhotoPointCreateInput = z.input<typeof photoPointCreateSchema>;

/** POST /api/projects/:id/evidence/match: a file's SHA-256, worked out in the browser (the file never leaves it). */
export const evidenceMatchSchema = z.object({
  sha256: z
    .string({ error: "Send the file's SHA-256." })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, "A SHA-256 is 64 hexadecimal characters."),
});

/** Pages of the site diary and the gallery: `before` is the id of the last item already shown. */
export const beforeCursorSchema = z.object({ before: rowIdCursor(1).optional() });

/* ---------------------------------------- answers ----------------------------------------
 * Their schemas are in ./answers/projects.ts; the types are re-exported type-only, so the browser never bundles them. */

export type {
  ClientOption,
  CursorPage,
  InvitationPreview,
  LiveCheck,
  Milestone,
  MilestoneChange,
  MilestoneDue,
  PersonRef,
  PhotoPoint,
  PhotoPointSeries,
  PortfolioCandidate,
  PortfolioCandidatesPage,
  PortfolioConsent,
  ProjectContact,
  ProjectDetail,
  ProjectDocument,
  ProjectDocumentVersion,
  ProjectFeed,
  ProjectFinance,
  ProjectInvitation,
  ProjectListItem,
  ProjectListPage,
  ProjectPermissions,
  ProjectPhoto,
  ProjectRef,
  ProjectStats,
  ProjectVideo,
  SiteUpdate,
  TeamMember,
} from "./answers/projects.js";

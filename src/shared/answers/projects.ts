import { z } from "zod";
import { captureSources, evidenceVerdicts, liveCheckStatuses } from "../evidence.js";
import { documentFolders, progressModes, projectStatuses, weatherKinds } from "../project-terms.js";
import { calendarDay, count, instant, pageOf } from "./common.js";

/* The projects API's answers. Money is in kobo (integers); calendar dates are YYYY-MM-DD strings. */
const projectStatus = z.enum(projectStatuses);
const progressMode = z.enum(progressModes);
const documentFolder = z.enum(documentFolders);

/** The site as a circle, for judging where photos were taken. */
const projectSite = z.object({ latitude: z.number(), longitude: z.number(), radiusMetres: count });

/** Someone named on a project: the client, the manager, a team member, an author. */
export const personRef = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type PersonRef = z.output<typeof personRef>;

/** The client and the project manager: their contacts are on the project page. */
export const projectContact = personRef.extend({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  department: z.string(),
});
export type ProjectContact = z.output<typeof projectContact>;

/** A member of the project's team. */
export const teamMember = personRef.extend({ email: z.string(), department: z.string() });
export type TeamMember = z.output<typeof teamMember>;

/** Present only when the caller may see the money (canSeeFinances). */
export const projectFinance = z.object({ budgetKobo: count, spentKobo: count });
export type ProjectFinance = z.output<typeof projectFinance>;

/** A client account the project office may give a project to. */
export const clientOption = z.object({ id: z.string(), name: z.string(), email: z.string(), company: z.string() });
export type ClientOption = z.output<typeof clientOption>;

/** GET /api/projects/clients. */
export const clientOptions = z.object({ clients: z.array(clientOption) });

/** A project as the list shows it. */
export const projectListItem = z.object({
  id: count,
  slug: z.string(),
  reference: z.string(),
  title: z.string(),
  category: z.string(),
  status: projectStatus,
  progress: count,
  city: z.string(),
  state: z.string().nullable(),
  /** When it starts (a request's: when the client would like it to). */
  startDate: calendarDay.nullable(),
  targetCompletion: calendarDay.nullable(),
  coverImage: z.string().nullable(),
  updatedAt: instant,
  client: personRef.nullable(),
  manager: personRef.nullable(),
  finance: projectFinance.nullable(),
  /** The first open milestone by due date. */
  nextMilestone: z.object({ id: count, title: z.string(), dueDate: calendarDay.nullable() }).nullable(),
});
export type ProjectListItem = z.output<typeof projectListItem>;

/** GET /api/projects. */
export const projectListPage = pageOf(projectListItem);
export type ProjectListPage = z.output<typeof projectListPage>;

/** A step of the project's schedule. */
export const milestone = z.object({
  id: count,
  title: z.string(),
  description: z.string(),
  dueDate: calendarDay.nullable(),
  doneOn: calendarDay.nullable(),
  /** What it counts for in the progress: the project team's working figure, not shown to the client. */
  weight: count.optional(),
  position: count,
});
export type Milestone = z.output<typeof milestone>;

/** A milestone added or changed, with the project's progress after it. */
export const milestoneChange = z.object({ milestone, progress: count });
export type MilestoneChange = z.output<typeof milestoneChange>;

/** The schedule after a milestone moved. */
export const milestoneSchedule = z.object({ milestones: z.array(milestone) });

/** The project's progress after a milestone was removed. */
export const projectProgress = z.object({ progress: count });

/** What the caller may do, from src/shared/access.ts, so the browser hides what the server refuses. */
export const projectPermissions = z.object({
  edit: z.boolean(),
  run: z.boolean(),
  delete: z.boolean(),
  manageSite: z.boolean(),
  message: z.boolean(),
  /** The client may agree to the project being shown on the public site, or withdraw it. */
  consent: z.boolean(),
  /** The contract and its money (BOQ, payment schedule): read, and prepared by the project office. */
  readMoney: z.boolean(),
  prepareContract: z.boolean(),
});
export type ProjectPermissions = z.output<typeof projectPermissions>;

/** The client's agreement to the project being shown on the public site: when, and by whom (their name). */
export const portfolioConsent = z.object({ givenAt: instant, givenBy: z.string().nullable() });
export type PortfolioConsent = z.output<typeof portfolioConsent>;

/** The whole project page. */
export const projectDetail = z.object({
  id: count,
  slug: z.string(),
  reference: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  status: projectStatus,
  progress: count,
  progressMode,
  address: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  country: z.string(),
  startDate: calendarDay.nullable(),
  targetCompletion: calendarDay.nullable(),
  completedOn: calendarDay.nullable(),
  coverImage: z.string().nullable(),
  isPortfolio: z.boolean(),
  publicSummary: z.string().nullable(),
  highlights: z.array(z.string()),
  /** Null while the client has not agreed (or has withdrawn); a project with no client needs no agreement. */
  portfolioConsent: portfolioConsent.nullable(),
  /** Where photos are judged against; null until the project office sets it. */
  site: projectSite.nullable(),
  /** How long the site has to answer a live check, in hours. */
  liveCheckHours: count,
  createdAt: instant,
  updatedAt: instant,
  client: projectContact.nullable(),
  manager: projectContact.nullable(),
  team: z.array(teamMember),
  milestones: z.array(milestone),
  counts: z.object({ photos: count, documents: count, updates: count }),
  finance: projectFinance.nullable(),
  permissions: projectPermissions,
});
export type ProjectDetail = z.output<typeof projectDetail>;

/** A project as the portfolio managers see it (public fields only): GET /api/projects/portfolio-candidates. */
export const portfolioCandidate = z.object({
  id: count,
  reference: z.string(),
  title: z.string(),
  category: z.string(),
  status: projectStatus,
  city: z.string(),
  state: z.string().nullable(),
  coverImage: z.string().nullable(),
  completedOn: calendarDay.nullable(),
  isPortfolio: z.boolean(),
  publicSummary: z.string().nullable(),
  highlights: z.array(z.string()),
  /** When its client agreed to it being shown; null for the company's own records, which have no client. */
  consentGivenAt: instant.nullable(),
});
export type PortfolioCandidate = z.output<typeof portfolioCandidate>;

export const portfolioCandidatesPage = pageOf(portfolioCandidate);
export type PortfolioCandidatesPage = z.output<typeof portfolioCandidatesPage>;

/** PUT /api/projects/:id: the project page, or its public fields for a portfolio manager who may not read it. */
export const projectAfterUpdate = z.union([projectDetail, portfolioCandidate]);

/** A photo of the gallery or of a site diary entry. */
export const projectPhoto = z.object({
  id: count,
  caption: z.string(),
  thumbUrl: z.string(),
  galleryUrl: z.string(),
  width: count,
  height: count,
  /** The site diary entry it was posted with, if any. */
  updateId: count.nullable(),
  /** The milestone it shows, if the uploader said. */
  milestoneId: count.nullable(),
  /** The live check it answers, if any. */
  liveCheckId: count.nullable(),
  /** The fixed viewpoint it was taken from, if any. */
  photoPointId: count.nullable(),
  uploadedBy: personRef.nullable(),
  /** When the server received it (the same as createdAt). */
  receivedAt: instant,
  createdAt: instant,
  /** When the phone says it was taken, and whether in the portal's camera or from the gallery (null: not said). */
  capturedAt: instant.nullable(),
  source: z.enum(captureSources).nullable(),
  /** SHA-256 of the original bytes (null for photos added before they were kept). */
  sha256: z.string().nullable(),
  /** Whether it can be trusted to show this site when it claims, why, and how far from the site it was taken. */
  verdict: z.enum(evidenceVerdicts),
  verdictReason: z.string(),
  distanceMetres: count.nullable(),
});
export type ProjectPhoto = z.output<typeof projectPhoto>;

/** A video of the project: a 480p MP4 and its poster, judged and recorded as a photo is. */
export const projectVideo = z.object({
  id: count,
  caption: z.string(),
  videoUrl: z.string(),
  posterUrl: z.string(),
  width: count,
  height: count,
  durationSeconds: z.number(),
  sizeBytes: count,
  milestoneId: count.nullable(),
  liveCheckId: count.nullable(),
  uploadedBy: personRef.nullable(),
  receivedAt: instant,
  capturedAt: instant.nullable(),
  source: z.enum(captureSources),
  /** SHA-256 of the original bytes, and of the MP4 served. */
  sha256: z.string(),
  servedSha256: z.string(),
  verdict: z.enum(evidenceVerdicts),
  verdictReason: z.string(),
  distanceMetres: count.nullable(),
});
export type ProjectVideo = z.output<typeof projectVideo>;

/** The photos of one upload to the gallery. */
export const uploadedPhotos = z.object({ photos: z.array(projectPhoto) });

/** A site diary entry: `body` as written (Markdown), `bodyHtml` rendered and sanitised by the server. */
export const siteUpdate = z.object({
  id: count,
  body: z.string(),
  bodyHtml: z.string(),
  /** The structured fields of the entry, null when not said. */
  weather: z.enum(weatherKinds).nullable(),
  workersOnSite: count.nullable(),
  equipment: z.string().nullable(),
  delays: z.string().nullable(),
  author: personRef.nullable(),
  photos: z.array(projectPhoto),
  createdAt: instant,
});
export type SiteUpdate = z.output<typeof siteUpdate>;

/** A page of the site diary or the gallery, newest first; nextBefore is null on the last page. */
export const cursorPageOf = <Item extends z.ZodType>(item: Item) => z.object({ items: z.array(item), nextBefore: count.nullable() });
export type CursorPage<T> = { items: T[]; nextBefore: number | null };

export const siteUpdatePage = cursorPageOf(siteUpdate);
export const projectPhotoPage = cursorPageOf(projectPhoto);
export const projectVideoPage = cursorPageOf(projectVideo);

/** One version of a document. */
export const projectDocumentVersion = z.object({
  id: count,
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: count,
  folder: documentFolder,
  /** 1, 2…: a new upload of the same file name in the same folder is the next version. */
  version: count,
  uploadedBy: personRef.nullable(),
  createdAt: instant,
  /** GET it with the Bearer token; it answers the file as an attachment. */
  downloadUrl: z.string(),
});
export type ProjectDocumentVersion = z.output<typeof projectDocumentVersion>;

/** A document as listed: its latest version, with the earlier ones (newest first), all kept and downloadable. */
export const projectDocument = projectDocumentVersion.extend({ earlierVersions: z.array(projectDocumentVersion) });
export type ProjectDocument = z.output<typeof projectDocument>;

/** GET /api/projects/:id/documents. */
export const projectDocumentList = z.object({ items: z.array(projectDocument) });

/** The project an item of the dashboards belongs to. */
export const projectRef = z.object({ projectId: count, projectTitle: z.string(), projectReference: z.string() });
export type ProjectRef = z.output<typeof projectRef>;

/** An open milestone with a due date, and its project. */
export const milestoneDue = projectRef.extend({ id: count, title: z.string(), dueDate: calendarDay });
export type MilestoneDue = z.output<typeof milestoneDue>;

/** GET /api/projects/feed: the client dashboard's news across the caller's projects. */
export const projectFeed = z.object({
  updates: z.array(projectRef.extend({ id: count, body: z.string(), author: personRef.nullable(), photoCount: count, createdAt: instant })),
  milestones: z.object({ upcoming: z.array(milestoneDue), overdue: z.array(milestoneDue) }),
  documents: z.array(
    projectRef.extend({
      id: count,
      title: z.string(),
      fileName: z.string(),
      contentType: z.string(),
      sizeBytes: count,
      createdAt: instant,
    }),
  ),
});
export type ProjectFeed = z.output<typeof projectFeed>;

/** GET /api/projects/stats, for admins and the departments that oversee every project. */
export const projectStats = z.object({
  byStatus: z.record(projectStatus, count),
  total: count,
  /** planning + in progress + on hold. */
  active: count,
  /** completed / (completed + cancelled): of the projects that have ended, the share delivered. Null when none has ended. */
  completionRate: z.number().nullable(),
  /** Sum of the budgets of requested, planning and in-progress projects. */
  pipelineValueKobo: count,
  overdueMilestones: z.array(milestoneDue.extend({ daysOverdue: count })),
});
export type ProjectStats = z.output<typeof projectStats>;

/** An invitation of the project's client that is still waiting (GET /api/projects/:id/invitations). */
export const projectInvitation = z.object({
  id: count,
  name: z.string(),
  email: z.string(),
  createdAt: instant,
  expiresAt: instant,
  invitedBy: personRef.nullable(),
});
export type ProjectInvitation = z.output<typeof projectInvitation>;

/** GET /api/projects/:id/invitations: the waiting invitation, if any. */
export const pendingInvitation = z.object({ pending: projectInvitation.nullable() });

/** GET /api/invitations/:token: what the registration fills in from the link. */
export const invitationPreview = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  projectTitle: z.string(),
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.output<typeof invitationPreview>;

/** POST /api/invitations/:token/accept: the project the caller is now the client of. */
export const acceptedInvitation = z.object({ projectId: count, projectTitle: z.string() });

/** A client's request that the site show something now, with the code the answer must show (docs/decisions/136-live-checks.md). */
export const liveCheck = z.object({
  id: count,
  request: z.string(),
  code: z.string(),
  requestedAt: instant,
  dueBy: instant,
  status: z.enum(liveCheckStatuses),
  requestedBy: personRef.nullable(),
  answeredAt: instant.nullable(),
  answeredBy: personRef.nullable(),
  /** The photos and videos that answer it, oldest first. */
  photos: z.array(projectPhoto),
  videos: z.array(projectVideo),
});
export type LiveCheck = z.output<typeof liveCheck>;

/** GET /api/projects/{id}/live-checks: the newest first. */
export const liveCheckList = z.object({ items: z.array(liveCheck) });

/** A fixed viewpoint on the site, photographed again and again (docs/decisions/138-photo-points.md). */
export const photoPoint = z.object({
  id: count,
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Which way the camera faces, in degrees clockwise from north. */
  bearing: count.nullable(),
  createdBy: personRef.nullable(),
  createdAt: instant,
  /** How many photos were taken from it, and the latest of them. */
  photoCount: count,
  latestPhoto: projectPhoto.nullable(),
});
export type PhotoPoint = z.output<typeof photoPoint>;

/** GET /api/projects/{id}/photo-points: in the order they were named. */
export const photoPointList = z.object({ items: z.array(photoPoint) });

/** GET /api/projects/{id}/photo-points/{pointId}: the point and every photo taken from it, oldest first. */
export const photoPointSeries = z.object({ point: photoPoint, photos: z.array(projectPhoto) });
export type PhotoPointSeries = z.output<typeof photoPointSeries>;

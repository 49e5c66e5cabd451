import { infiniteQueryOptions } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api";
import { type CaptureField, captureFields, type EvidenceCheck, type EvidenceEntry, type EvidenceMatch } from "../../../shared/evidence";
import type {
  CursorPage,
  DocumentFolder,
  LiveCheck,
  Milestone,
  MilestoneCreateInput,
  MilestoneUpdateInput,
  PhotoPoint,
  PhotoPointCreateInput,
  PhotoPointSeries,
  ProjectCreateInput,
  ProjectDetail,
  ProjectDocument,
  ProjectInvitation,
  ProjectInvitationInput,
  ProjectPhoto,
  ProjectRequestInput,
  ProjectUpdateInput,
  ProjectVideo,
  SiteUpdate,
} from "../../../shared/projects";
import type { ProjectReport } from "../../../shared/reports";
import type { Snag, SnagList, SnagStatus } from "../../../shared/snags";
import { apiDownload, apiRequest, VIDEO_UPLOAD_TIMEOUT_MS } from "../../lib/http/client";
import { PROJECTS_PATH, projectPath } from "../../lib/queries/projects";
import { apiPathOf, PRIVATE_QUERY_META, privateQuery } from "../../lib/query/api-query";

/** A missing or unreadable project answers 404 at once: asking again would not change it. */
const retryUnlessNotFound = (failures: number, error: Error) => !(error instanceof ApiError && error.status === 404) && failures < 3;

export const projectQuery = (projectId: number) => ({
  ...privateQuery<ProjectDetail>([projectPath(projectId)]),
  retry: retryUnlessNotFound,
});

/** Where a document is downloaded (the feed lists documents without their downloadUrl). */
export const documentDownloadUrl = (projectId: number, documentId: number) =>
  `/api${projectPath(projectId)}/documents/${documentId}/download`;

export const projectDocumentsQuery = (projectId: number) =>
  privateQuery<{ items: ProjectDocument[] }>([`${projectPath(projectId)}/documents`]);

/** The site diary or the gallery, newest first, a page at a time ("load more"). */
function cursorPages<T>(path: string) {
  return infiniteQueryOptions({
    queryKey: [path],
    queryFn: ({ pageParam }) => apiRequest<CursorPage<T>>("GET", apiPathOf([path, { before: pageParam }])),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: CursorPage<T>) => page.nextBefore ?? undefined,
    meta: PRIVATE_QUERY_META,
  });
}

export const siteUpdatesQuery = (projectId: number) => cursorPages<SiteUpdate>(`${projectPath(projectId)}/updates`);
export const projectPhotosQuery = (projectId: number) => cursorPages<ProjectPhoto>(`${projectPath(projectId)}/images`);
export const projectVideosQuery = (projectId: number) => cursorPages<ProjectVideo>(`${projectPath(projectId)}/videos`);
/** The project's live checks, newest first. */
export const liveChecksQuery = (projectId: number) => privateQuery<{ items: LiveCheck[] }>([`${projectPath(projectId)}/live-checks`]);

/** The project's photo points, in the order they were named, and one point with its series, oldest first. */
export const photoPointsQuery = (projectId: number) => privateQuery<{ items: PhotoPoint[] }>([`${projectPath(projectId)}/photo-points`]);
export const photoPointQuery = (projectId: number, pointId: number) =>
  privateQuery<PhotoPointSeries>([`${projectPath(projectId)}/photo-points/${pointId}`]);
/** The project's weekly progress reports, newest first. */
export const projectReportsQuery = (projectId: number) => privateQuery<{ items: ProjectReport[] }>([`${projectPath(projectId)}/reports`]);

/** The project's snags, newest first: all of them, or those of one status. */
export const snagsQuery = (projectId: number, status?: SnagStatus) =>
  privateQuery<SnagList>([`${projectPath(projectId)}/snags`, { status }]);

/** The project's evidence log, newest first (its cursor is an entry's sequence). */
export const evidenceQuery = (projectId: number) => cursorPages<EvidenceEntry>(`${projectPath(projectId)}/evidence`);

export const projectsApi = {
  create: (input: ProjectCreateInput) => apiRequest<ProjectDetail>("POST", PROJECTS_PATH, input),
  request: (input: ProjectRequestInput) => apiRequest<ProjectDetail>("POST", PROJECTS_PATH, input),
  update: (projectId: number, changes: ProjectUpdateInput) => apiRequest<ProjectDetail>("PUT", projectPath(projectId), changes),
  remove: (projectId: number) => apiRequest<null>("DELETE", projectPath(projectId)),
  /** The client agrees (or no longer agrees) to the project being shown on the company's website. */
  setPortfolioConsent: (projectId: number, consent: boolean) =>
    apiRequest<ProjectDetail>("PUT", `${projectPath(projectId)}/portfolio-consent`, { consent }),

  addMilestone: (projectId: number, input: MilestoneCreateInput) =>
    apiRequest<{ milestone: Milestone; progress: number }>("POST", `${projectPath(projectId)}/milestones`, input),
  updateMilestone: (projectId: number, milestoneId: number, changes: MilestoneUpdateInput) =>
    apiRequest<{ milestone: Milestone; progress: number }>("PUT", `${projectPath(projectId)}/milestones/${milestoneId}`, changes),
  moveMilestone: (projectId: number, milestoneId: number, direction: "up" | "down") =>
    apiRequest<{ milestones: Milestone[] }>("POST", `${projectPath(projectId)}/milestones/${milestoneId}/move`, { direction }),
  removeMilestone: (projectId: number, milestoneId: number) =>
    apiRequest<{ progress: number }>("DELETE", `${projectPath(projectId)}/milestones/${milestoneId}`),

  /** A site diary entry (its text and structured fields) with its photos (multipart: images, a caption per image in the same order). */
  postUpdate: (projectId: number, fields: Record<string, string>, photos: readonly CaptionedFile[]) =>
    apiRequest<SiteUpdate>("POST", `${projectPath(projectId)}/updates`, withPhotos(photos, fields)),
  /** A new snag with its photos (multipart: title, location, assigneeId, dueOn, images). */
  raiseSnag: (projectId: number, fields: Record<string, string>, photos: readonly CaptionedFile[]) =>
    apiRequest<Snag>("POST", `${projectPath(projectId)}/snags`, withPhotos(photos, fields)),
  /** Moves a snag to another status; a reopening says why. */
  moveSnag: (projectId: number, snagId: number, status: SnagStatus, reason?: string) =>
    apiRequest<Snag>("PATCH", `${projectPath(projectId)}/snags/${snagId}`, { status, ...(reason ? { reason } : {}) }),
  addPhotos: (projectId: number, photos: readonly CaptionedFile[]) =>
    apiRequest<{ photos: ProjectPhoto[] }>("POST", `${projectPath(projectId)}/images`, withPhotos(photos)),
  setCaption: (projectId: number, photoId: number, caption: string) =>
    apiRequest<ProjectPhoto>("PUT", `${projectPath(projectId)}/images/${photoId}`, { caption }),
  askLiveCheck: (projectId: number, request: string) => apiRequest<LiveCheck>("POST", `${projectPath(projectId)}/live-checks`, { request }),
  addPhotoPoint: (projectId: number, input: PhotoPointCreateInput) =>
    apiRequest<PhotoPoint>("POST", `${projectPath(projectId)}/photo-points`, input),
  /** The point's time-lapse, an animated WebP: fetched with the access token (an <img> cannot send it), shown from a blob. */
  photoPointTimelapse: async (projectId: number, pointId: number) =>
    (await apiDownload(`${projectPath(projectId)}/photo-points/${pointId}/timelapse`, "timelapse.webp")).blob,
  /** This week's progress report so far, made now (the project office). */
  makeReport: (projectId: number) => apiRequest<ProjectReport>("POST", `${projectPath(projectId)}/reports`, {}),
  verifyEvidence: (projectId: number) => apiRequest<EvidenceCheck>("GET", `${projectPath(projectId)}/evidence/verify`),
  /** Whether a file whose SHA-256 the browser worked out is in the project's record (the file itself is not sent). */
  matchEvidence: (projectId: number, sha256: string) =>
    apiRequest<EvidenceMatch>("POST", `${projectPath(projectId)}/evidence/match`, { sha256 }),
  /** The reason is kept in the project's evidence log with who removed it. */
  removePhoto: (projectId: number, photoId: number, reason: string) =>
    apiRequest<null>("DELETE", `${projectPath(projectId)}/images/${photoId}`, { reason }),

  /** One video (multipart `video`) with its caption and capture fields, converted by the server before it answers. */
  addVideo: (projectId: number, { file, caption, capture = {} }: CaptionedFile) => {
    const form = new FormData();
    form.append("caption", caption);
    appendCapture(form, capture);
    form.append("video", file);
    return apiRequest<ProjectVideo>("POST", `${projectPath(projectId)}/videos`, form, { timeoutMs: VIDEO_UPLOAD_TIMEOUT_MS });
  },
  removeVideo: (projectId: number, videoId: number, reason: string) =>
    apiRequest<null>("DELETE", `${projectPath(projectId)}/videos/${videoId}`, { reason }),

  uploadDocument: (projectId: number, file: File, title: string, folder: DocumentFolder) => {
    const form = new FormData();
    form.append("title", title);
    form.append("folder", folder);
    form.append("document", file);
    return apiRequest<ProjectDocument>("POST", `${projectPath(projectId)}/documents`, form);
  },
  /** downloadUrl is the API's full path ("/api/projects/..."); the client adds /api itself. */
  downloadDocument: (downloadUrl: string, fileName: string) => apiDownload(downloadUrl.replace(/^\/api/, ""), fileName),
  removeDocument: (projectId: number, documentId: number) =>
    apiRequest<null>("DELETE", `${projectPath(projectId)}/documents/${documentId}`),

  inviteClient: (projectId: number, input: ProjectInvitationInput) =>
    apiRequest<ProjectInvitation>("POST", `${projectPath(projectId)}/invitations`, input),
  acceptInvitation: (token: string) =>
    apiRequest<{ projectId: number; projectTitle: string }>("POST", `/invitations/${encodeURIComponent(token)}/accept`, {}),
};

/** The invitation of the project's client still waiting, for the project office. */
export const pendingInvitationQuery = (projectId: number) =>
  privateQuery<{ pending: ProjectInvitation | null }>([`${projectPath(projectId)}/invitations`]);

/** A photo to send, with its caption and, when the portal's camera took it, what the phone knew (capture fields). */
export type CaptionedFile = { file: File; caption: string; capture?: PhotoCapture };

export type PhotoCapture = Partial<Record<CaptureField, string | number>>;

/** What the phone said about one file, as the upload's capture fields (an empty value for what it did not say). */
function appendCapture(form: FormData, capture: PhotoCapture) {
  for (const field of captureFields) form.append(field, String(capture[field] ?? ""));
}

function withPhotos(photos: readonly CaptionedFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { file, caption, capture = {} } of photos) {
    form.append("caption", caption);
    appendCapture(form, capture);
    form.append("images", file);
  }
  return form;
}

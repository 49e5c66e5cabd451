import { infiniteQueryOptions, type QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api";
import type { ConversationList } from "../../../shared/conversations";
import type {
  CursorPage,
  Milestone,
  MilestoneCreateInput,
  MilestoneUpdateInput,
  ProjectCreateInput,
  ProjectDetail,
  ProjectDocument,
  ProjectFeed,
  ProjectListPage,
  ProjectListQuery,
  ProjectPhoto,
  ProjectRequestInput,
  ProjectStats,
  ProjectUpdateInput,
  SiteUpdate,
} from "../../../shared/projects";
import type { DirectoryEntry } from "../../../shared/staff-directory";
import { apiPathOf, PRIVATE_QUERY_META, privateQuery } from "../../lib/api-query";
import { apiDownload, apiRequest } from "../../lib/http";

/* Every key starts with the API path, so RealtimeSync refreshes them when the server says a project changed. */

export const projectPath = (projectId: number) => `/projects/${projectId}`;

/** GET /api/projects as the screens ask it (the schema's input takes any page value; the screens send numbers). */
export type ProjectListParams = Omit<ProjectListQuery, "page" | "pageSize"> & { page?: number; pageSize?: number };

export const projectsListQuery = (query: ProjectListParams) =>
  privateQuery<ProjectListPage>([
    "/projects",
    {
      search: query.search,
      status: query.status,
      category: query.category,
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort,
    },
  ]);

/** A missing or unreadable project answers 404 at once: asking again would not change it. */
const retryUnlessNotFound = (failures: number, error: Error) => !(error instanceof ApiError && error.status === 404) && failures < 3;

export const projectQuery = (projectId: number) => ({
  ...privateQuery<ProjectDetail>([projectPath(projectId)]),
  retry: retryUnlessNotFound,
});

/** Where a document is downloaded (the feed lists documents without their downloadUrl). */
export const documentDownloadUrl = (projectId: number, documentId: number) =>
  `/api${projectPath(projectId)}/documents/${documentId}/download`;

export const projectFeedQuery = privateQuery<ProjectFeed>(["/projects/feed"]);
export const projectStatsQuery = privateQuery<ProjectStats>(["/projects/stats"]);
export const projectDocumentsQuery = (projectId: number) =>
  privateQuery<{ items: ProjectDocument[] }>([`${projectPath(projectId)}/documents`]);

/** Approved staff and admins: the people a manager or a team is chosen from. */
export const staffDirectoryQuery = privateQuery<{ users: DirectoryEntry[] }>(["/users"]);

/** The conversations' unread total, for the dashboard's link to the messages. */
export const conversationsQuery = privateQuery<ConversationList>(["/conversations"]);

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

/**
 * After a change: every projects query fetches again (the project, its lists, the dashboards'
 * figures), as RealtimeSync does for the other people watching.
 */
export const refreshProjects = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/projects") });

export const projectsApi = {
  create: (input: ProjectCreateInput) => apiRequest<ProjectDetail>("POST", "/projects", input),
  request: (input: ProjectRequestInput) => apiRequest<ProjectDetail>("POST", "/projects", input),
  update: (projectId: number, changes: ProjectUpdateInput) => apiRequest<ProjectDetail>("PUT", projectPath(projectId), changes),
  remove: (projectId: number) => apiRequest<null>("DELETE", projectPath(projectId)),

  addMilestone: (projectId: number, input: MilestoneCreateInput) =>
    apiRequest<{ milestone: Milestone; progress: number }>("POST", `${projectPath(projectId)}/milestones`, input),
  updateMilestone: (projectId: number, milestoneId: number, changes: MilestoneUpdateInput) =>
    apiRequest<{ milestone: Milestone; progress: number }>("PUT", `${projectPath(projectId)}/milestones/${milestoneId}`, changes),
  removeMilestone: (projectId: number, milestoneId: number) =>
    apiRequest<{ progress: number }>("DELETE", `${projectPath(projectId)}/milestones/${milestoneId}`),

  /** A site diary entry with its photos (multipart: body, images, a caption per image in the same order). */
  postUpdate: (projectId: number, body: string, photos: readonly CaptionedFile[]) =>
    apiRequest<SiteUpdate>("POST", `${projectPath(projectId)}/updates`, withPhotos(photos, { body })),
  addPhotos: (projectId: number, photos: readonly CaptionedFile[]) =>
    apiRequest<{ photos: ProjectPhoto[] }>("POST", `${projectPath(projectId)}/images`, withPhotos(photos)),
  setCaption: (projectId: number, photoId: number, caption: string) =>
    apiRequest<ProjectPhoto>("PUT", `${projectPath(projectId)}/images/${photoId}`, { caption }),
  removePhoto: (projectId: number, photoId: number) => apiRequest<null>("DELETE", `${projectPath(projectId)}/images/${photoId}`),

  uploadDocument: (projectId: number, file: File, title: string) => {
    const form = new FormData();
    form.append("title", title);
    form.append("document", file);
    return apiRequest<ProjectDocument>("POST", `${projectPath(projectId)}/documents`, form);
  },
  /** downloadUrl is the API's full path ("/api/projects/..."); the client adds /api itself. */
  downloadDocument: (downloadUrl: string, fileName: string) => apiDownload(downloadUrl.replace(/^\/api/, ""), fileName),
  removeDocument: (projectId: number, documentId: number) =>
    apiRequest<null>("DELETE", `${projectPath(projectId)}/documents/${documentId}`),
};

export type CaptionedFile = { file: File; caption: string };

function withPhotos(photos: readonly CaptionedFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const { file, caption } of photos) {
    form.append("caption", caption);
    form.append("images", file);
  }
  return form;
}

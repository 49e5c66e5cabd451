import { and, desc, eq, ilike, isNull, or } from "drizzle-orm";
import type { z } from "zod";
import { canConsentToPortfolio, canDeleteProject, canManageSiteContent, canRunProjects, type Viewer } from "../../../shared/access.js";
import {
  type ClientOption,
  type PortfolioCandidate,
  type PortfolioCandidatesPage,
  PROJECT_PAGE_SIZE,
  type ProjectCreateOutput,
  type ProjectDetail,
  type ProjectListPage,
  type portfolioCandidatesQuerySchema,
  type projectListQuerySchema,
  type projectUpdateSchema,
} from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { containing } from "../../db/like.js";
import { offsetOf, pageOf } from "../../db/paging.js";
import { projectPeople } from "../../db/project-parties.js";
import { offerableForPortfolio } from "../../db/public-projects.js";
import { conversations, messages, projectDocuments, projectPhotos, projectReports, projects, projectVideos } from "../../db/schema.js";
import { accessDenied } from "../../platform/errors.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import { createProject } from "./create.js";
import { projectDetail } from "./detail.js";
import type { ProjectEvents } from "./events.js";
import { type ProjectGuard, projectNotFound } from "./guard.js";
import { createProjectList } from "./list.js";
import { findClients } from "./people.js";
import { removePhotoFiles } from "./photo-files.js";
import { timelapseKeysOfProject } from "./photo-points/photo-points.js";
import { updateProject } from "./update.js";

const portfolioColumns = {
  id: projects.id,
  reference: projects.reference,
  title: projects.title,
  category: projects.category,
  status: projects.status,
  city: projects.city,
  state: projects.state,
  coverImage: projects.coverImage,
  completedOn: projects.completedOn,
  isPortfolio: projects.isPortfolio,
  publicSummary: projects.publicSummary,
  highlights: projects.highlights,
  consentGivenAt: projects.portfolioConsentAt,
};

type CandidateRow = Omit<PortfolioCandidate, "consentGivenAt"> & { consentGivenAt: Date | null };

const toCandidate = (row: CandidateRow): PortfolioCandidate => ({
  ...row,
  consentGivenAt: row.consentGivenAt?.toISOString() ?? null,
});

/** Projects themselves: list, create or request, read, change, delete; and the portfolio managers' view. */
export function createProjectsService(deps: {
  db: AppDb;
  guard: ProjectGuard;
  events: ProjectEvents;
  photoStorage: FileStorage;
  documentStorage: ObjectStore;
}) {
  const { db, guard, events } = deps;
  const listProjects = createProjectList(db);

  async function get(viewer: Viewer, projectId: number): Promise<ProjectDetail> {
    return projectDetail(db, viewer, projectId, await guard.read(viewer, projectId));
  }

  async function portfolioView(projectId: number): Promise<PortfolioCandidate> {
    const [row] = await db.select(portfolioColumns).from(projects).where(eq(projects.id, projectId));
    if (!row) throw projectNotFound();
    return toCandidate(row);
  }

  return {
    list: (viewer: Viewer, query: z.output<typeof projectListQuerySchema>): Promise<ProjectListPage> => listProjects(viewer, query),

    get,

    async create(viewer: Viewer, input: ProjectCreateOutput): Promise<ProjectDetail> {
      return get(viewer, await createProject(db, events, viewer, input));
    },

    /** The project page after the change; a portfolio manager who may not read the project gets its public fields. */
    async update(
      viewer: Viewer,
      projectId: number,
      input: z.output<typeof projectUpdateSchema>,
    ): Promise<ProjectDetail | PortfolioCandidate> {
      const readable = await updateProject(db, events, viewer, projectId, input);
      return readable ? get(viewer, projectId) : portfolioView(projectId);
    },

    /**
     * The client agrees to the project being shown on the public site (kept with who and when; agreeing again keeps the
     * first record), or withdraws, which takes it off the site at once. Its client only: others who may read it get 403.
     */
    async setPortfolioConsent(viewer: Viewer, projectId: number, consent: boolean): Promise<ProjectDetail> {
      const parties = await guard.read(viewer, projectId);
      if (!canConsentToPortfolio(viewer, parties)) throw accessDenied();
      const now = new Date();
      if (consent) {
        await db
          .update(projects)
          .set({ portfolioConsentAt: now, portfolioConsentById: viewer.id, updatedAt: now })
          .where(and(eq(projects.id, projectId), eq(projects.clientId, viewer.id), isNull(projects.portfolioConsentAt)));
      } else {
        await db
          .update(projects)
          .set({ portfolioConsentAt: null, portfolioConsentById: null, isPortfolio: false, updatedAt: now })
          .where(eq(projects.id, projectId));
      }
      return get(viewer, projectId);
    },

    /** Admins only; the project's photos (with their originals), documents, weekly reports and evidence log go with it. */
    async remove(viewer: Viewer, projectId: number): Promise<void> {
      const parties = await guard.read(viewer, projectId);
      if (!canDeleteProject(viewer)) throw accessDenied();
      const photos = await db
        .select({ thumbUrl: projectPhotos.thumbUrl, galleryUrl: projectPhotos.galleryUrl, originalKey: projectPhotos.originalKey })
        .from(projectPhotos)
        .where(eq(projectPhotos.projectId, projectId));
      const videos = await db
        .select({ videoUrl: projectVideos.videoUrl, posterUrl: projectVideos.posterUrl, originalKey: projectVideos.originalKey })
        .from(projectVideos)
        .where(eq(projectVideos.projectId, projectId));
      const documents = await db
        .select({ key: projectDocuments.storageKey })
        .from(projectDocuments)
        .where(eq(projectDocuments.projectId, projectId));
      const reports = await db
        .select({ key: projectReports.storageKey })
        .from(projectReports)
        .where(eq(projectReports.projectId, projectId));
      // The photos sent in the project's conversation are files too.
      const sentPhotos = await db
        .select({ attachments: messages.attachments })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(eq(conversations.projectId, projectId));
      const timelapses = await timelapseKeysOfProject(db, projectId);
      // Milestones, diary, photo, photo point and document rows, team, conversation and notifications go by cascade.
      await db.delete(projects).where(eq(projects.id, projectId));
      await removePhotoFiles(deps.photoStorage, [
        ...photos.flatMap((photo) => [photo.thumbUrl, photo.galleryUrl]),
        ...videos.flatMap((video) => [video.videoUrl, video.posterUrl]),
        ...sentPhotos.flatMap((message) => message.attachments.flatMap((attachment) => [attachment.thumbUrl, attachment.url])),
      ]);
      // The photos' and videos' kept originals, the points' time-lapses and the weekly reports are with the documents
      // (the evidence log goes with the project by cascade).
      const originals = [
        ...photos.flatMap((photo) => (photo.originalKey ? [photo.originalKey] : [])),
        ...videos.map((video) => video.originalKey),
      ];
      const files = [...documents, ...reports].map((file) => file.key);
      await Promise.all([...files, ...originals, ...timelapses].map((key) => deps.documentStorage.remove(key)));
      await events.refresh(projectId, viewer.id, projectPeople(parties));
    },

    /** For the project office: client accounts to give a new project to. */
    async clients(viewer: Viewer, search: string | undefined): Promise<ClientOption[]> {
      if (!canRunProjects(viewer)) throw accessDenied();
      return findClients(db, search);
    },

    /**
     * For the portfolio managers: every project that may be shown publicly (under way or completed, agreed to by its
     * client if it has one) and those shown already, whoever works on them; public fields only.
     */
    async portfolioCandidates(viewer: Viewer, query: z.output<typeof portfolioCandidatesQuerySchema>): Promise<PortfolioCandidatesPage> {
      if (!canManageSiteContent(viewer)) throw accessDenied();
      const pattern = query.search ? containing(query.search) : null;
      // The same projects update.ts lets them publish.
      const where = and(
        or(offerableForPortfolio, eq(projects.isPortfolio, true)),
        pattern ? or(ilike(projects.title, pattern), ilike(projects.reference, pattern), ilike(projects.city, pattern)) : undefined,
      );
      const request = { page: query.page, pageSize: PROJECT_PAGE_SIZE };
      const rows = await db
        .select(portfolioColumns)
        .from(projects)
        .where(where)
        .orderBy(desc(projects.isPortfolio), desc(projects.updatedAt), desc(projects.id))
        .limit(PROJECT_PAGE_SIZE)
        .offset(offsetOf(request));
      const total = await db.$count(projects, where);
      return pageOf(rows.map(toCandidate), total, request);
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { MediaViewer } from "../../platform/authenticate.js";
import type { Mailer } from "../../platform/mail.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { FileStorage, ObjectStore } from "../../platform/storage.js";
import { createDiary } from "./diary.js";
import { createDocuments } from "./documents.js";
import { createProjectEvents, type Notify } from "./events.js";
import { createEvidence } from "./evidence/evidence-service.js";
import { liveCheckRoutes } from "./evidence/live-check-routes.js";
import { createLiveChecks } from "./evidence/live-checks.js";
import { createEvidenceLog } from "./evidence/log.js";
import { evidenceRoutes } from "./evidence/routes.js";
import type { TakeFinishedUploads } from "./finished-uploads.js";
import { createGallery } from "./gallery.js";
import { createProjectGuard } from "./guard.js";
import { invitationRoutes } from "./invitation-routes.js";
import { createInvitations } from "./invitations.js";
import { projectMediaRoutes } from "./media-routes.js";
import { createMilestones } from "./milestones.js";
import { createOverview } from "./overview.js";
import { photoPointRoutes } from "./photo-points/photo-point-routes.js";
import { createPhotoPoints } from "./photo-points/photo-points.js";
import { createTimelapses } from "./photo-points/timelapses.js";
import { projectPhotoRoute } from "./photo-route.js";
import { createReportLinks } from "./reports/report-links.js";
import { createReports } from "./reports/reports-service.js";
import { reportRoutes } from "./reports/routes.js";
import { scheduleWeeklyReports } from "./reports/schedule.js";
import type { ReportWeek } from "./reports/week.js";
import { projectsRoutes } from "./routes.js";
import { createProjectsService } from "./service.js";
import { snagRoutes } from "./snags/snag-routes.js";
import { createSnags } from "./snags/snags.js";
import { videoRoutes } from "./video-routes.js";
import { createVideos } from "./videos.js";

export type ProjectsModuleOptions = {
  db: AppDb;
  /** The notifications service (its notify() tells people in the bell and by email). */
  notifications: { notify: Notify };
  hub: RealtimeHub;
  /** Project and site-diary photos: private media, served by /api/media/projects/… to the project's readers. */
  photoStorage: FileStorage;
  /** Documents, handed out only by the download route. */
  documentStorage: ObjectStore;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  mediaViewer: MediaViewer;
  /** The invitations of projects' clients go by email, with links to this origin. */
  mailer: Mailer;
  publicOrigin: string;
  /** The ffmpeg binary that converts videos (platform/ffmpeg.ts). */
  ffmpeg: string;
  /** The server's signing secret: the weekly reports' email links are signed with a key derived from it. */
  signingSecret: string;
  /** Whether this server makes the weekly reports on Mondays (not in tests). */
  scheduleWeeklyReports: boolean;
  /** The finished resumable uploads a photo or video route takes in place of file parts (the uploads module). */
  takeUploads: TakeFinishedUploads;
  /** Handed the weekly reports' job instead (tests call it for a week of their choosing). */
  takeWeeklyReportJob?: (job: WeeklyReportJob) => void;
};

/** Makes the week's report of every active project that has none yet; answers how many it made. */
export type WeeklyReportJob = (week: ReportWeek) => Promise<number>;

/** The projects API under /api: builds the module's services and registers its routes. */
export async function projectsModule(app: FastifyInstance, options: ProjectsModuleOptions) {
  const { db, hub, photoStorage, documentStorage, requireUser } = options;
  const guard = createProjectGuard(db);
  const events = createProjectEvents({ db, notify: options.notifications.notify, hub, log: app.log });
  // The evidence log: photos, diary entries and milestones append to it; originals are kept with the documents.
  const log = createEvidenceLog(db, documentStorage);
  await app.register(projectsRoutes, {
    projects: createProjectsService({ db, guard, events, photoStorage, documentStorage }),
    milestones: createMilestones({ db, log, guard, events }),
    overview: createOverview(db),
    guard,
    requireUser,
  });
  await app.register(projectPhotoRoute, { db, guard, photos: photoStorage, mediaViewer: options.mediaViewer });
  await app.register(evidenceRoutes, { evidence: createEvidence({ db, log, guard }), requireUser });
  await app.register(liveCheckRoutes, { liveChecks: createLiveChecks({ db, log, guard, events }), requireUser });
  await app.register(photoPointRoutes, {
    photoPoints: createPhotoPoints({ db, guard }),
    // Time-lapses are made from the photos' gallery size and kept with the documents, never served as public media.
    timelapses: createTimelapses({ db, guard, photos: photoStorage, store: documentStorage }),
    guard,
    requireUser,
  });
  await app.register(projectMediaRoutes, {
    diary: createDiary({ db, storage: photoStorage, originals: documentStorage, log, guard, events }),
    gallery: createGallery({ db, storage: photoStorage, originals: documentStorage, log, guard, events }),
    documents: createDocuments({ db, storage: documentStorage, guard, events }),
    guard,
    takeUploads: options.takeUploads,
    requireUser,
  });
  await app.register(snagRoutes, {
    snags: createSnags({ db, storage: photoStorage, originals: documentStorage, log, guard, events }),
    guard,
    takeUploads: options.takeUploads,
    requireUser,
  });
  await app.register(videoRoutes, {
    videos: createVideos({ db, storage: photoStorage, originals: documentStorage, ffmpeg: options.ffmpeg, log, guard, events }),
    guard,
    takeUploads: options.takeUploads,
    requireUser,
  });
  const reports = createReports({
    db,
    guard,
    photoStorage,
    documentStorage,
    links: createReportLinks(options.signingSecret),
    notify: options.notifications.notify,
    publicOrigin: options.publicOrigin,
    log: app.log,
  });
  await app.register(reportRoutes, { reports, publicOrigin: options.publicOrigin, requireUser });
  if (options.takeWeeklyReportJob) options.takeWeeklyReportJob(reports.makeScheduled);
  else if (options.scheduleWeeklyReports) app.addHook("onClose", scheduleWeeklyReports(reports.makeScheduled, app.log));
  await app.register(invitationRoutes, {
    invitations: createInvitations({ db, guard, events, mailer: options.mailer, publicOrigin: options.publicOrigin }),
    requireUser,
  });
}

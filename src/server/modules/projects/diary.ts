import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import { type CursorPage, type SiteUpdate, siteUpdateSchema } from "../../../shared/projects.js";
import { projects, projectUpdates, users } from "../../db/schema.js";
import type { EmailPhoto } from "../../platform/email-layout.js";
import { parseInput } from "../../platform/envelope.js";
import { emailThumbnail } from "../../platform/images.js";
import { markdownExcerpt, renderChatMarkdown, renderForStorage, renderOrEscape } from "../../platform/markdown.js";
import { fieldOf, type MultipartUpload } from "../../platform/multipart.js";
import { type AnsweredCheck, announceAnsweredChecks } from "./evidence/live-check-answers.js";
import { photoDetailsOf } from "./gallery.js";
import { personRef } from "./people.js";
import { type PhotoKeepingDeps, storePhotos } from "./photo-files.js";
import { insertPhotoRows, photosOfUpdates, selectPhotos } from "./photos.js";
import { touchProject } from "./progress.js";

const DIARY_PAGE_SIZE = 20;
/** The text fields of a diary entry's form. */
const siteUpdateFields = ["body", "weather", "workersOnSite", "equipment", "delays"] as const;
const EXCERPT_LENGTH = 200;
/** How many of an entry's photos its email shows as thumbnails (the rest are counted). */
const EMAIL_PHOTOS = 3;

/** The first photos of an entry as email thumbnails; an email goes without them rather than not at all. */
async function emailPhotos(thumbnails: readonly Buffer[], captions: readonly string[]): Promise<EmailPhoto[]> {
  try {
    return await Promise.all(
      thumbnails.slice(0, EMAIL_PHOTOS).map(async (thumbnail, index) => ({
        jpeg: await emailThumbnail(thumbnail),
        alt: captions[index] || `Photo ${index + 1} of the site update`,
      })),
    );
  } catch {
    return [];
  }
}

/** The site diary: what happened on site, by whom, with photos; newest first. */
export function createDiary(deps: PhotoKeepingDeps) {
  const { db, storage, originals, log, guard, events } = deps;

  async function entries(projectId: number, where: SQL | undefined, limit: number): Promise<SiteUpdate[]> {
    const rows = await db
      .select({ update: projectUpdates, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
      .from(projectUpdates)
      .leftJoin(users, eq(users.id, projectUpdates.authorId))
      .where(and(eq(projectUpdates.projectId, projectId), where))
      .orderBy(desc(projectUpdates.createdAt), desc(projectUpdates.id))
      .limit(limit);
    const photos = (await selectPhotos(db, photosOfUpdates(rows.map((row) => row.update.id)))).reverse();
    return rows.map(({ update, firstName, lastName, avatar }) => ({
      id: update.id,
      body: update.body,
      bodyHtml: update.bodyHtml ?? renderOrEscape(renderChatMarkdown, update.body),
      weather: update.weather,
      workersOnSite: update.workersOnSite,
      equipment: update.equipment,
      delays: update.delays,
      author: personRef(update.authorId, firstName, lastName, avatar),
      photos: photos.filter((photo) => photo.updateId === update.id),
      createdAt: update.createdAt.toISOString(),
    }));
  }

  return {
    async list(viewer: Viewer, projectId: number, before?: number): Promise<CursorPage<SiteUpdate>> {
      await guard.read(viewer, projectId);
      const items = await entries(projectId, before ? lt(projectUpdates.id, before) : undefined, DIARY_PAGE_SIZE);
      return { items, nextBefore: items.length === DIARY_PAGE_SIZE ? (items.at(-1)?.id ?? null) : null };
    },

    /**
     * A new entry (field `body`, and optionally `weather`, `workersOnSite`, `equipment`, `delays`) with optional photos
     * (field `images`): the entry and its photos are kept, or nothing.
     */
    async post(viewer: Viewer, projectId: number, upload: MultipartUpload): Promise<SiteUpdate> {
      await guard.edit(viewer, projectId);
      const { body, ...structured } = parseInput(
        siteUpdateSchema,
        Object.fromEntries(siteUpdateFields.map((field) => [field, fieldOf(upload, field)])),
      );
      const bodyHtml = renderForStorage(renderChatMarkdown, body, "body");
      const details = photoDetailsOf(upload);
      const captions = details.map((detail) => detail.caption);
      const { photos, thumbnails, discard } = await storePhotos({ storage, originals }, projectId, upload.files);
      let saved: { updateId: number; answeredChecks: AnsweredCheck[] };
      try {
        saved = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(projectUpdates)
            .values({ projectId, authorId: viewer.id, body, bodyHtml, ...structured })
            .returning({ id: projectUpdates.id });
          if (!row) throw new Error("the site update was not inserted");
          const inserted = await insertPhotoRows(tx, log, { projectId, uploadedById: viewer.id, updateId: row.id }, photos, details);
          await log.append(tx, {
            projectId,
            kind: "diary_entry",
            subjectId: row.id,
            content: { updateId: row.id, body, ...structured, photoIds: inserted.ids },
            recordedById: viewer.id,
          });
          await touchProject(tx, projectId);
          return { updateId: row.id, answeredChecks: inserted.answeredChecks };
        });
      } catch (error) {
        await discard();
        throw error;
      }
      const { updateId } = saved;
      await announceAnsweredChecks(events, projectId, viewer.id, saved.answeredChecks);
      const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
      await events.changed(projectId, viewer.id, [
        {
          kind: "project_update",
          title: `New site update on ${project?.title ?? "your project"}`,
          body: markdownExcerpt(body, EXCERPT_LENGTH),
          photos: await emailPhotos(thumbnails, captions),
          photoTotal: photos.length,
        },
      ]);
      const [entry] = await entries(projectId, eq(projectUpdates.id, updateId), 1);
      if (!entry) throw new Error("the site update vanished");
      return entry;
    },
  };
}

export type Diary = ReturnType<typeof createDiary>;

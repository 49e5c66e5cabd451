import { and, desc, eq, lt, type SQL } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import { type CursorPage, type SiteUpdate, siteUpdateSchema } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { projects, projectUpdates, users } from "../../db/schema.js";
import { parseInput } from "../../platform/envelope.js";
import type { FileStorage } from "../../platform/storage.js";
import type { ProjectEvents } from "./events.js";
import { captionsOf } from "./gallery.js";
import type { ProjectGuard } from "./guard.js";
import { fieldOf, type MultipartUpload } from "./multipart.js";
import { personRef } from "./people.js";
import { storePhotos } from "./photo-files.js";
import { insertPhotoRows, photosOfUpdates, selectPhotos } from "./photos.js";
import { touchProject } from "./progress.js";

const DIARY_PAGE_SIZE = 20;
const EXCERPT_LENGTH = 200;

const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text);

/** The site diary: what happened on site, by whom, with photos; newest first. */
export function createDiary(deps: { db: AppDb; storage: FileStorage; guard: ProjectGuard; events: ProjectEvents }) {
  const { db, storage, guard, events } = deps;

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

    /** A new entry (field `body`) with optional photos (field `images`): the entry and its photos are kept, or nothing. */
    async post(viewer: Viewer, projectId: number, upload: MultipartUpload): Promise<SiteUpdate> {
      await guard.edit(viewer, projectId);
      const { body } = parseInput(siteUpdateSchema, { body: fieldOf(upload, "body") });
      const captions = captionsOf(upload);
      const { photos, discard } = await storePhotos(storage, projectId, upload.files);
      let updateId: number;
      try {
        updateId = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(projectUpdates)
            .values({ projectId, authorId: viewer.id, body })
            .returning({ id: projectUpdates.id });
          if (!row) throw new Error("the site update was not inserted");
          await insertPhotoRows(tx, { projectId, uploadedById: viewer.id, updateId: row.id }, photos, captions);
          await touchProject(tx, projectId);
          return row.id;
        });
      } catch (error) {
        await discard();
        throw error;
      }
      const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
      await events.changed(projectId, viewer.id, [
        { kind: "project_update", title: `New site update on ${project?.title ?? "your project"}`, body: excerpt(body) },
      ]);
      const [entry] = await entries(projectId, eq(projectUpdates.id, updateId), 1);
      if (!entry) throw new Error("the site update vanished");
      return entry;
    },
  };
}

export type Diary = ReturnType<typeof createDiary>;

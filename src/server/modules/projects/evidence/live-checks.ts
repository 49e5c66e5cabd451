import { randomInt } from "node:crypto";
import { desc, eq, inArray } from "drizzle-orm";
import type { Viewer } from "../../../../shared/access.js";
import type { LiveCheckStatus } from "../../../../shared/evidence.js";
import { countOf } from "../../../../shared/plural.js";
import type { LiveCheck } from "../../../../shared/projects.js";
import type { AppDb } from "../../../db/client.js";
import { liveChecks, projects, users } from "../../../db/schema.js";
import type { ProjectEvents } from "../events.js";
import { type ProjectGuard, projectNotFound } from "../guard.js";
import { personRef } from "../people.js";
import { photosOfLiveChecks, selectPhotos } from "../photos.js";
import { selectVideos, videosOfLiveChecks } from "../videos.js";
import type { EvidenceLog } from "./log.js";

type LiveCheckRow = typeof liveChecks.$inferSelect;

export const liveCheckStatusOf = (row: Pick<LiveCheckRow, "answeredAt" | "dueBy">, now = new Date()): LiveCheckStatus =>
  row.answeredAt ? "answered" : now > row.dueBy ? "late" : "open";

/** A code nobody can guess before the request: four digits, written on a card in the answer. */
const newCode = () => String(randomInt(0, 10_000)).padStart(4, "0");

/** Live checks: a project's readers ask the site to show something now; the site answers with the portal's camera. */
export function createLiveChecks(deps: { db: AppDb; log: EvidenceLog; guard: ProjectGuard; events: ProjectEvents }) {
  const { db, log, guard, events } = deps;

  async function shown(rows: readonly LiveCheckRow[]): Promise<LiveCheck[]> {
    const people = new Map<string, ReturnType<typeof personRef>>();
    const ids = [...new Set(rows.flatMap((row) => [row.requestedById, row.answeredById].filter((id): id is string => id !== null)))];
    if (ids.length > 0) {
      for (const person of await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
        .from(users)
        .where(inArray(users.id, ids))) {
        people.set(person.id, personRef(person.id, person.firstName, person.lastName, person.avatar));
      }
    }
    const checkIds = rows.map((row) => row.id);
    const photos = (await selectPhotos(db, photosOfLiveChecks(checkIds))).reverse();
    const videos = (await selectVideos(db, videosOfLiveChecks(checkIds))).reverse();
    const now = new Date();
    return rows.map((row) => ({
      id: row.id,
      request: row.request,
      code: row.code,
      requestedAt: row.requestedAt.toISOString(),
      dueBy: row.dueBy.toISOString(),
      status: liveCheckStatusOf(row, now),
      requestedBy: (row.requestedById && people.get(row.requestedById)) || null,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      answeredBy: (row.answeredById && people.get(row.answeredById)) || null,
      photos: photos.filter((photo) => photo.liveCheckId === row.id),
      videos: videos.filter((video) => video.liveCheckId === row.id),
    }));
  }

  return {
    async list(viewer: Viewer, projectId: number): Promise<{ items: LiveCheck[] }> {
      await guard.read(viewer, projectId);
      const rows = await db
        .select()
        .from(liveChecks)
        .where(eq(liveChecks.projectId, projectId))
        .orderBy(desc(liveChecks.requestedAt), desc(liveChecks.id));
      return { items: await shown(rows) };
    },

    /** A new live check, due within the project's time to answer; the team is told what to show and the code. */
    async ask(viewer: Viewer, projectId: number, request: string): Promise<LiveCheck> {
      await guard.read(viewer, projectId);
      const row = await db.transaction(async (tx) => {
        const [project] = await tx.select({ hours: projects.liveCheckHours }).from(projects).where(eq(projects.id, projectId));
        if (!project) throw projectNotFound();
        const requestedAt = new Date();
        const [inserted] = await tx
          .insert(liveChecks)
          .values({
            projectId,
            requestedById: viewer.id,
            request,
            code: newCode(),
            requestedAt,
            dueBy: new Date(requestedAt.getTime() + project.hours * 3_600_000),
          })
          .returning();
        if (!inserted) throw new Error("the live check was not inserted");
        await log.append(tx, {
          projectId,
          kind: "live_check_requested",
          subjectId: inserted.id,
          content: { liveCheckId: inserted.id, request, code: inserted.code, dueBy: inserted.dueBy.toISOString() },
          recordedById: viewer.id,
        });
        return { ...inserted, hours: project.hours };
      });
      const [title] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
      await events.changed(projectId, viewer.id, [
        {
          kind: "live_check_requested",
          title: `Live check on ${title?.title ?? "a project"}: ${request}`,
          body: `Write ${row.code} on a card and photograph it with what is asked, in the portal's camera, within ${countOf(row.hours, "hour")}.`,
        },
      ]);
      const [check] = await shown([row]);
      if (!check) throw new Error("the live check vanished");
      return check;
    },
  };
}

export type LiveChecks = ReturnType<typeof createLiveChecks>;

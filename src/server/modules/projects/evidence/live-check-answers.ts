import { and, eq, inArray } from "drizzle-orm";
import type { AppDb } from "../../../db/client.js";
import { liveChecks } from "../../../db/schema.js";
import type { ProjectEvents } from "../events.js";
import { invalidField } from "../guard.js";
import type { PhotoCapture } from "./capture-fields.js";
import type { EvidenceLog } from "./log.js";

/* How photos answer a live check, as an upload saves them (photos.ts); the checks themselves are live-checks.ts's. */

/** A live check just answered by an upload: its asker is told once the upload is saved. */
export type AnsweredCheck = { id: number; requestedById: string | null; request: string };

/**
 * Refuses, before anything is saved, a photo or video that cannot answer the live check it names: one of another project, one
 * not taken in the portal's camera, or one taken before the check was asked for.
 */
export async function assertLiveCheckAnswers(
  tx: AppDb,
  projectId: number,
  captures: readonly PhotoCapture[],
  noun: "photo" | "video" = "photo",
) {
  const named = [...new Set(captures.flatMap((capture) => (capture.liveCheckId === null ? [] : [capture.liveCheckId])))];
  if (named.length === 0) return;
  const checks = await tx
    .select({ id: liveChecks.id, requestedAt: liveChecks.requestedAt })
    .from(liveChecks)
    .where(and(eq(liveChecks.projectId, projectId), inArray(liveChecks.id, named)));
  captures.forEach((capture, index) => {
    if (capture.liveCheckId === null) return;
    const check = checks.find((row) => row.id === capture.liveCheckId);
    const field = `liveCheckId.${index}`;
    if (!check) throw invalidField(field, "Choose one of this project's live checks.");
    if (capture.source !== "camera" || !capture.capturedAt) throw invalidField(field, "Answer a live check with the portal's camera.");
    if (capture.capturedAt < check.requestedAt) throw invalidField(field, `This ${noun} was taken before the live check was asked for.`);
  });
}

/** The photos or the video of one upload, each with the live check it answers, if any. */
type Answers = { photos: readonly CheckAnswer[] } | { videos: readonly CheckAnswer[] };
type CheckAnswer = { id: number; liveCheckId: number | null };

/** Marks the live checks these files answer (the first answer counts) and records each answer in the evidence log. */
export async function recordLiveCheckAnswers(
  tx: AppDb,
  log: EvidenceLog,
  projectId: number,
  answeredById: string,
  answers: Answers,
): Promise<AnsweredCheck[]> {
  const answered: AnsweredCheck[] = [];
  const [key, files] = "photos" in answers ? (["photoIds", answers.photos] as const) : (["videoIds", answers.videos] as const);
  const checkIds = [...new Set(files.flatMap((file) => (file.liveCheckId === null ? [] : [file.liveCheckId])))];
  for (const checkId of checkIds) {
    const [check] = await tx.select().from(liveChecks).where(eq(liveChecks.id, checkId)).for("update");
    if (!check || check.answeredAt) continue;
    const answeredAt = new Date();
    await tx.update(liveChecks).set({ answeredAt, answeredById }).where(eq(liveChecks.id, checkId));
    const ids = files.filter((file) => file.liveCheckId === checkId).map((file) => file.id);
    await log.append(tx, {
      projectId,
      kind: "live_check_answered",
      subjectId: checkId,
      content: { liveCheckId: checkId, code: check.code, request: check.request, [key]: ids, late: answeredAt > check.dueBy },
      recordedById: answeredById,
    });
    answered.push({ id: checkId, requestedById: check.requestedById, request: check.request });
  }
  return answered;
}

/** Tells each asker their live check was answered (once the upload is saved). */
export async function announceAnsweredChecks(
  events: ProjectEvents,
  projectId: number,
  answeredById: string,
  answered: readonly AnsweredCheck[],
) {
  for (const check of answered) {
    if (!check.requestedById) continue;
    await events.tell([check.requestedById], answeredById, projectId, {
      kind: "live_check_answered",
      title: `Your live check is answered: ${check.request}`,
    });
  }
}

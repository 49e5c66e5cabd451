import { type CaptureField, captureFields } from "../../../../shared/evidence";
import type { ProjectPhoto, ProjectVideo, SiteUpdate } from "../../../../shared/projects";
import type { Snag } from "../../../../shared/snags";
import { UPLOAD_IDS_FIELD } from "../../../../shared/uploads";
import { apiRequest, VIDEO_UPLOAD_TIMEOUT_MS } from "../../../lib/http/client";
import { changeItem } from "./outbox";
import { isMedia, type MediaFile, type OutboxItem } from "./outbox-items";
import { uploadIdOf, uploadMedia } from "./resumable-upload";

/** What sending an item needs besides the item: its person, the rest of the outbox (its photos, the snag it moves). */
export type Delivery = {
  userId: string;
  items: OutboxItem[];
  /** The share of the item's bytes sent so far, 0 to 100. */
  onProgress: (percent: number) => void;
};

/** The server's ids of what an item made: its own, and its photos' in their order. */
export type Delivered = { id: number; photoIds: number[] };

/** A refusal that sending again cannot change, whatever the network: the item is 'Not sent', with this reason. */
export class NotSendable extends Error {}

const projectPath = (item: OutboxItem) => `/projects/${item.projectId}`;

/**
 * Sends the bytes of an item's photos or video (each resumed where it stopped), and answers their upload ids. An
 * upload already whole is not sent again: only its form was left to post (its answer may have been lost).
 */
async function uploadAll(files: (OutboxItem & MediaFile)[], delivery: Delivery): Promise<string[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const sentOf = new Map<number, number>();
  const ids: string[] = [];
  const progress = () => delivery.onProgress(Math.floor((100 * [...sentOf.values()].reduce((sum, bytes) => sum + bytes, 0)) / total));
  for (const media of files) {
    if (media.uploaded && media.uploadUrl) {
      sentOf.set(media.seq, media.size);
      ids.push(uploadIdOf(media.uploadUrl));
      continue;
    }
    const kind = media.kind === "video" ? "video" : "photo";
    const id = await uploadMedia(media.projectId, kind, media, {
      onUrl: (url) => void changeItem(delivery.userId, media, { uploadUrl: url }),
      onProgress: (sent) => {
        sentOf.set(media.seq, sent);
        progress();
      },
    });
    await changeItem(delivery.userId, media, { uploaded: true });
    ids.push(id);
  }
  return ids;
}

/**
 * The capture fields of one upload (docs/api.md): when it was queued, and for a photo of the site app's camera its
 * source, time and place. Every field is given for every file, empty when not known, since the n-th value of each
 * belongs to the n-th file.
 */
function captureFieldsOf(file: OutboxItem | undefined): [string, string][] {
  const capture = file && isMedia(file) ? file.capture : undefined;
  const said: Partial<Record<CaptureField, string | number>> = {
    ...capture,
    source: capture ? "camera" : "library",
    queuedAt: file?.madeAt ?? new Date().toISOString(),
  };
  return captureFields.map((field) => [field, String(said[field] ?? "")]);
}

/** The text fields and the uploads of a form, each with its capture fields. */
function formOf(fields: Record<string, string>, uploadIds: string[], files: OutboxItem[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value.trim() !== "") form.append(name, value);
  uploadIds.forEach((id, index) => {
    form.append(UPLOAD_IDS_FIELD, id);
    for (const [name, value] of captureFieldsOf(files[index])) form.append(name, value);
  });
  return form;
}

const photosOf = (item: OutboxItem, items: OutboxItem[]) =>
  items.filter((part): part is OutboxItem & MediaFile => part.kind === "photo" && part.partOf === item.seq);

/** The server id of the snag a move is for: one already there, or the one made offline before it, once sent. */
function snagIdOf(item: Extract<OutboxItem, { kind: "snag-move" }>, items: OutboxItem[]): number {
  if (item.snagId !== null) return item.snagId;
  const snag = items.find((made) => made.seq === item.snagSeq);
  if (snag?.serverId == null) throw new NotSendable("The snag it marks fixed was not sent: try sending the snag again first.");
  return snag.serverId;
}

/** Sends one item of the outbox (with its own Idempotency-Key) and answers what the server made of it. */
export async function deliverItem(item: OutboxItem, delivery: Delivery): Promise<Delivered> {
  const idempotencyKey = item.idempotencyKey;
  switch (item.kind) {
    case "diary": {
      const photos = photosOf(item, delivery.items);
      const form = formOf(item.fields, await uploadAll(photos, delivery), photos);
      const entry = await apiRequest<SiteUpdate>("POST", `${projectPath(item)}/updates`, form, { idempotencyKey });
      return { id: entry.id, photoIds: entry.photos.map((photo) => photo.id) };
    }
    case "snag": {
      const photos = photosOf(item, delivery.items);
      const uploadIds = await uploadAll(photos, delivery);
      const body = uploadIds.length > 0 ? formOf(item.fields, uploadIds, photos) : withoutBlanks(item.fields);
      const snag = await apiRequest<Snag>("POST", `${projectPath(item)}/snags`, body, { idempotencyKey });
      return { id: snag.id, photoIds: snag.photos.map((photo) => photo.id) };
    }
    case "snag-move": {
      const snagId = snagIdOf(item, delivery.items);
      await apiRequest<Snag>("PATCH", `${projectPath(item)}/snags/${snagId}`, { status: "fixed" }, { idempotencyKey });
      return { id: snagId, photoIds: [] };
    }
    case "photo": {
      const form = formOf({}, await uploadAll([item], delivery), [item]);
      const { photos } = await apiRequest<{ photos: ProjectPhoto[] }>("POST", `${projectPath(item)}/images`, form, { idempotencyKey });
      return { id: photos[0]?.id ?? 0, photoIds: [] };
    }
    case "video": {
      const form = formOf({}, await uploadAll([item], delivery), [item]);
      const timeoutMs = VIDEO_UPLOAD_TIMEOUT_MS;
      const video = await apiRequest<ProjectVideo>("POST", `${projectPath(item)}/videos`, form, { idempotencyKey, timeoutMs });
      return { id: video.id, photoIds: [] };
    }
  }
}

const withoutBlanks = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ""));

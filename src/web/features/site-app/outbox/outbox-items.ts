import type { Weather } from "../../../../shared/project-terms";

/**
 * What the site app keeps to send (docs/decisions/151-site-app-outbox.md). Each item has its own Idempotency-Key, so
 * sending it again (a lost answer, two tabs, Background Sync and the page at once) never makes it twice.
 */
export type OutboxState = "waiting" | "sending" | "sent" | "failed";

/** The fields of a diary entry, as the form's text fields. */
export type DiaryFields = { body: string; weather: Weather | ""; workersOnSite: string; equipment: string; delays: string };
export type SnagFields = { title: string; location: string; dueOn: string };

/**
 * What the phone knew when a photo was taken in the site app's camera: the time, and its position when known. A
 * photo without it was picked from the phone's gallery.
 */
export type CameraCapture = { capturedAt: string; latitude?: number; longitude?: number; accuracyMetres?: number };

/** A photo or video: its bytes, and once created its tus upload (`uploadUrl`, kept to resume after a reload). */
export type MediaFile = {
  file: Blob | null;
  /** Taken in the site app's camera (absent: picked from the gallery). */
  capture?: CameraCapture;
  fileName: string;
  fileType: string;
  size: number;
  uploadUrl: string | null;
  /** The upload has all its bytes: only the form remains to be posted. */
  uploaded: boolean;
};

export type OutboxWork =
  | { kind: "diary"; fields: DiaryFields }
  | { kind: "snag"; fields: SnagFields }
  /** A snag marked fixed: one already on the server (`snagId`), or one made offline (`snagSeq`, resolved when sent). */
  | { kind: "snag-move"; snagId: number | null; snagSeq: number | null; snagTitle: string }
  /** A photo of the gallery, or of the diary entry or snag made before it (`partOf`, sent with it). */
  | ({ kind: "photo"; partOf: number | null } & MediaFile)
  /** A video: waits for Wi-Fi under Save data unless `sendNow`. */
  | ({ kind: "video"; sendNow: boolean } & MediaFile);

/** What every item has besides its work: its project, key and state. */
type ItemState = {
  projectId: number;
  projectTitle: string;
  madeAt: string;
  idempotencyKey: string;
  state: OutboxState;
  /** While sending: the share of its bytes sent, 0 to 100. */
  progress: number | null;
  /** Why it was not sent (the server's message). */
  reason: string | null;
  /** The id the server gave it, once sent. */
  serverId: number | null;
  sentAt: string | null;
};

export type NewOutboxItem = OutboxWork & ItemState;
/** An item as kept: numbered by the device in the order made. */
export type OutboxItem = NewOutboxItem & { seq: number };

export const isMedia = (item: OutboxItem): item is OutboxItem & MediaFile => item.kind === "photo" || item.kind === "video";

/** The bytes still to send of an item (its file, less what a resumed upload may already hold: not known here). */
export const bytesWaiting = (item: OutboxItem) => (isMedia(item) && item.state !== "sent" && !item.uploaded ? item.size : 0);

export const outboxStateLabels: Record<OutboxState, string> = {
  waiting: "Waiting to send",
  sending: "Sending",
  sent: "Sent",
  failed: "Not sent",
};

/** What the list calls an item. */
export function outboxItemTitle(item: OutboxItem): string {
  switch (item.kind) {
    case "diary":
      return `Diary: ${item.fields.body}`;
    case "snag":
      return `Snag: ${item.fields.title}`;
    case "snag-move":
      return `Snag fixed: ${item.snagTitle}`;
    case "photo":
      return `Photo: ${item.fileName}`;
    case "video":
      return `Video: ${item.fileName}`;
  }
}

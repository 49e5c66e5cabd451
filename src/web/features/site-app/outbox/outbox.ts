import { addToOutbox, listOutbox, putInOutbox, removeFromOutbox } from "../../../lib/offline/outbox-store";
import type { CameraCapture, NewOutboxItem, OutboxItem, OutboxWork } from "./outbox-items";

/**
 * The outbox of the person signed in, in this tab: a copy in memory of what their IndexedDB outbox holds, which the
 * screen draws (useSyncExternalStore) and the sender changes. Every change is written to IndexedDB before it is
 * shown, but the progress of a sending item, which only this tab needs to see.
 */
type Mirror = { userId: string; items: OutboxItem[] };

const EMPTY: OutboxItem[] = [];
/** Sent items are shown as sent for a day, then forgotten. */
const SENT_KEPT_MS = 86_400_000;

let mirror: Mirror = { userId: "", items: EMPTY };
const listeners = new Set<() => void>();

function publish(userId: string, items: OutboxItem[]) {
  mirror = { userId, items };
  for (const listener of listeners) listener();
}

export function subscribeToOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the outbox holds for this person, oldest first (nothing until loaded). */
export const outboxItemsOf = (userId: string) => (mirror.userId === userId ? mirror.items : EMPTY);

/**
 * Reads this person's outbox from the device (at opening, and before each sending: another tab may have added to
 * it). An item left 'sending' by a closed tab is waiting again; items sent over a day ago are forgotten.
 */
export async function loadOutbox(userId: string): Promise<OutboxItem[]> {
  const now = Date.now();
  const items: OutboxItem[] = [];
  for (const item of await listOutbox<OutboxItem>(userId)) {
    if (item.state === "sent" && item.sentAt && now - Date.parse(item.sentAt) > SENT_KEPT_MS) await removeFromOutbox(userId, item.seq);
    else items.push(item.state === "sending" ? { ...item, state: "waiting", progress: null } : item);
  }
  publish(userId, items);
  return items;
}

/** Changes an item: written to the device, then shown (`keep` false: shown only, for progress). */
export async function changeItem(userId: string, item: OutboxItem, changes: Partial<OutboxItem>, keep = true): Promise<void> {
  Object.assign(item, changes);
  if (keep) await putInOutbox(userId, item);
  if (mirror.userId === userId)
    publish(
      userId,
      mirror.items.map((shown) => (shown.seq === item.seq ? { ...item } : shown)),
    );
}

export type QueuedProject = { id: number; title: string };

const newItem = (project: QueuedProject, work: OutboxWork): NewOutboxItem => ({
  ...work,
  projectId: project.id,
  projectTitle: project.title,
  madeAt: new Date().toISOString(),
  idempotencyKey: crypto.randomUUID(),
  state: "waiting",
  progress: null,
  reason: null,
  serverId: null,
  sentAt: null,
});

const photoOf = (file: Blob, fileName: string, partOf: number | null, capture?: CameraCapture): OutboxWork => ({
  kind: "photo",
  partOf,
  file,
  ...(capture ? { capture } : {}),
  fileName,
  fileType: file.type,
  size: file.size,
  uploadUrl: null,
  uploaded: false,
});

export type QueuedFile = { file: Blob; fileName: string; capture?: CameraCapture };

/**
 * Keeps something made on /site to send, after what was made before it; the photos given are its own (a diary
 * entry's or a snag's), each an item of the list, sent with it.
 */
export async function queueWork(userId: string, project: QueuedProject, work: OutboxWork, photos: QueuedFile[] = []): Promise<number> {
  const seq = await addToOutbox(userId, newItem(project, work));
  for (const photo of photos) await addToOutbox(userId, newItem(project, photoOf(photo.file, photo.fileName, seq)));
  await loadOutbox(userId);
  return seq;
}

/** Photos and videos of their own (the gallery's, the project's videos). */
export async function queueMedia(userId: string, project: QueuedProject, files: QueuedFile[]): Promise<void> {
  for (const { file, fileName, capture } of files) {
    const work: OutboxWork = file.type.startsWith("video/")
      ? { kind: "video", sendNow: false, file, fileName, fileType: file.type, size: file.size, uploadUrl: null, uploaded: false }
      : photoOf(file, fileName, null, capture);
    await addToOutbox(userId, newItem(project, work));
  }
  await loadOutbox(userId);
}

/**
 * 'Try again' on an item not sent: waiting again under a new Idempotency-Key (the server kept its refusal under the
 * old one and would give it again), with the photos sent with it. Their uploads are asked about again (one may have
 * expired, and is then made anew; one still whole is not sent twice).
 */
export async function retryItem(userId: string, chosen: number): Promise<void> {
  const items = outboxItemsOf(userId);
  // A photo sent with a diary entry or a snag is tried again with it.
  const part = items.find((item) => item.seq === chosen && item.kind === "photo" && item.partOf !== null);
  const seq = part?.kind === "photo" && part.partOf !== null ? part.partOf : chosen;
  for (const item of items) {
    if (item.seq !== seq && !(item.kind === "photo" && item.partOf === seq)) continue;
    const media = item.kind === "photo" || item.kind === "video" ? { uploaded: false } : {};
    await changeItem(userId, item, { state: "waiting", reason: null, idempotencyKey: crypto.randomUUID(), ...media });
  }
}

/** 'Send now' on a video held for Wi-Fi. */
export async function sendVideoNow(userId: string, seq: number): Promise<void> {
  const item = outboxItemsOf(userId).find((shown) => shown.seq === seq);
  if (item?.kind === "video") await changeItem(userId, item, { sendNow: true });
}

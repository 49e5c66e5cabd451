import { ApiError } from "../../../../shared/api";
import { deliverItem, NotSendable } from "./deliver-item";
import { changeItem, loadOutbox } from "./outbox";
import type { OutboxItem } from "./outbox-items";
import { UploadFailure } from "./resumable-upload";

/** What decides, at sending time, whether a video goes now: Save data on a line that is not Wi-Fi holds it. */
export type SendingRules = { holdVideos: boolean };

/**
 * 'Not now' answers: nothing reached the server (0), it took too long (408), the session is being renewed (401),
 * another sending of the same key or upload is running (409 `idempotency_key_in_use`, `upload_in_use`), too many
 * requests (429), the server or its proxy is restarting (502 to 504). The item waits for the next sending.
 */
function isNotNow(error: unknown): boolean {
  const status = error instanceof ApiError || error instanceof UploadFailure ? error.status : null;
  if (status === null) return false;
  if (status === 409 && error instanceof ApiError) return error.code === "idempotency_key_in_use" || error.code === "upload_in_use";
  return [0, 401, 408, 423, 429, 502, 503, 504].includes(status);
}

/** The reason shown beside 'Not sent': the field the server named, else its message. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.fields)[0] ?? error.message;
  if (error instanceof UploadFailure || error instanceof NotSendable) return error.message;
  return "Something went wrong on this device while sending it.";
}

const photosOf = (item: OutboxItem, items: OutboxItem[]) => items.filter((part) => part.kind === "photo" && part.partOf === item.seq);

/** Sends one item; false when the network (or the server) is not there now, and the rest must wait too. */
async function sendItem(userId: string, item: OutboxItem, items: OutboxItem[]): Promise<boolean> {
  const parts = photosOf(item, items);
  for (const made of [item, ...parts]) await changeItem(userId, made, { state: "sending", progress: 0, reason: null });
  try {
    const onProgress = (percent: number) => {
      for (const made of [item, ...parts]) void changeItem(userId, made, { progress: percent }, false);
    };
    const delivered = await deliverItem(item, { userId, items, onProgress });
    const sentAt = new Date().toISOString();
    // What was sent leaves the device: only the line saying so stays.
    await changeItem(userId, item, {
      state: "sent",
      progress: null,
      serverId: delivered.id,
      sentAt,
      ...("file" in item ? { file: null } : {}),
    });
    for (const [index, part] of parts.entries())
      await changeItem(userId, part, { state: "sent", progress: null, serverId: delivered.photoIds[index] ?? null, sentAt, file: null });
    return true;
  } catch (error) {
    const notNow = isNotNow(error);
    const changes: Partial<OutboxItem> = notNow
      ? { state: "waiting", progress: null }
      : { state: "failed", progress: null, reason: reasonOf(error) };
    for (const made of [item, ...parts]) await changeItem(userId, made, changes);
    return !notNow;
  }
}

/** Whether an item is sent on its own now (a diary entry's or a snag's photo goes with it; a held video waits). */
function isDue(item: OutboxItem, rules: SendingRules): boolean {
  if (item.state !== "waiting" && item.state !== "sending") return false;
  if (item.kind === "photo" && item.partOf !== null) return false;
  return !(item.kind === "video" && rules.holdVideos && !item.sendNow);
}

/** Sends what is waiting, in the order it was made, until the outbox is empty or the network goes. */
async function sendWaiting(userId: string, rules: SendingRules): Promise<number> {
  const items = await loadOutbox(userId);
  let sent = 0;
  for (const item of items) {
    if (!isDue(item, rules)) continue;
    if (!(await sendItem(userId, item, items))) break;
    if (item.state === "sent") sent += 1;
  }
  return sent;
}

let running: Promise<number> | null = null;
let again = false;

/**
 * Sends this person's outbox: one sending at a time in this tab (a call during one runs it again after), and one
 * across the tabs of this browser where Web Locks exist. Answers how many items were sent. Two sendings at once
 * elsewhere (another browser of the same person cannot share the outbox; Background Sync and a tab) would still
 * make nothing twice: each item's Idempotency-Key.
 */
export function sendOutbox(userId: string, rules: () => SendingRules): Promise<number> {
  if (running) {
    again = true;
    return running;
  }
  const sendAll = async () => {
    let sent = 0;
    do {
      again = false;
      sent += await sendWaiting(userId, rules());
    } while (again);
    return sent;
  };
  const locked = () =>
    "locks" in navigator ? (navigator.locks.request(`crestbuild-outbox-${userId}`, sendAll) as Promise<number>) : sendAll();
  running = locked().finally(() => {
    running = null;
  });
  return running;
}

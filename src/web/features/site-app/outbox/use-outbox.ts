import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { OUTBOX_SYNC_MESSAGE, OUTBOX_SYNC_TAG } from "../../../../shared/site-app";
import { useAuth } from "../../../lib/session/AuthProvider";
import {
  loadOutbox,
  outboxItemsOf,
  type QueuedFile,
  type QueuedProject,
  queueMedia,
  queueWork,
  retryItem,
  sendVideoNow,
  subscribeToOutbox,
} from "./outbox";
import type { CameraCapture, OutboxItem, OutboxWork } from "./outbox-items";
import { resizePhoto } from "./resize-photo";
import { chooseSaveData, holdsVideos, saveDataChosen } from "./save-data";
import { sendOutbox } from "./send-outbox";

export type Outbox = {
  items: OutboxItem[];
  saveData: boolean;
  setSaveData: (on: boolean) => void;
  /** Keeps a diary entry, a snag or a snag's move to send, with its own photos. */
  queue: (project: QueuedProject, work: OutboxWork, photos?: File[]) => Promise<void>;
  /** Keeps photos and videos of their own to send. */
  queueFiles: (project: QueuedProject, files: File[]) => Promise<void>;
  /** Keeps a photo of the site app's camera to send, with when and where it was taken. */
  queuePhoto: (project: QueuedProject, photo: File, capture: CameraCapture) => Promise<void>;
  retry: (seq: number) => void;
  sendNow: (seq: number) => void;
};

/** Asks the service worker to wake the page when the network returns (Background Sync), where the browser has it. */
function askForSync() {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_SYNC_TAG),
    )
    .catch(() => null);
}

/**
 * The site app's outbox for the person signed in (docs/decisions/151-site-app-outbox.md): what it holds, and the
 * sending of it at opening, whenever the session is live again (a renewal after the network's return), on the
 * `online` event and when the service worker relays Background Sync's `sync` event. Offline (the session
 * `unavailable`) nothing is sent: the access token needs the network to be renewed.
 */
export function useOutbox(): Outbox {
  const { status, user } = useAuth();
  const userId = user?.id ?? "";
  const queryClient = useQueryClient();
  const items = useSyncExternalStore(
    subscribeToOutbox,
    () => outboxItemsOf(userId),
    () => outboxItemsOf(""),
  );
  const [saveData, setSaveDataState] = useState(saveDataChosen);
  const saveDataRef = useRef(saveData);
  saveDataRef.current = saveData;

  const send = useCallback(() => {
    if (status !== "authenticated" || !userId) return;
    void sendOutbox(userId, () => ({ holdVideos: holdsVideos(saveDataRef.current) }))
      .then((sent) => {
        // What was sent is now the server's: /site shows it from there.
        if (sent > 0) void queryClient.invalidateQueries({ queryKey: ["/site"] });
      })
      .catch(() => null);
  }, [status, userId, queryClient]);

  useEffect(() => {
    if (userId) void loadOutbox(userId).catch(() => null);
  }, [userId]);

  useEffect(() => {
    send();
    window.addEventListener("online", send);
    const relayed = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === OUTBOX_SYNC_MESSAGE) send();
    };
    navigator.serviceWorker?.addEventListener("message", relayed);
    return () => {
      window.removeEventListener("online", send);
      navigator.serviceWorker?.removeEventListener("message", relayed);
    };
  }, [send]);

  return useMemo(() => {
    const afterQueueing = () => {
      askForSync();
      send();
    };
    const smaller = (photos: File[]) => (saveData ? Promise.all(photos.map(resizePhoto)) : Promise.resolve(photos));
    const queued = (files: File[]): QueuedFile[] => files.map((file) => ({ file, fileName: file.name || "photo" }));
    return {
      items,
      saveData,
      setSaveData: (on: boolean) => {
        chooseSaveData(on);
        setSaveDataState(on);
      },
      queue: async (project, work, photos = []) => {
        await queueWork(userId, project, work, queued(await smaller(photos)));
        afterQueueing();
      },
      queueFiles: async (project, files) => {
        const isVideo = (file: File) => file.type.startsWith("video/");
        const sent = await Promise.all(files.map((file) => (saveData && !isVideo(file) ? resizePhoto(file) : file)));
        await queueMedia(userId, project, queued(sent));
        afterQueueing();
      },
      queuePhoto: async (project, photo, capture) => {
        const [sent = photo] = await smaller([photo]);
        await queueMedia(userId, project, [{ file: sent, fileName: sent.name, capture }]);
        afterQueueing();
      },
      retry: (seq) => void retryItem(userId, seq).then(send),
      sendNow: (seq) => void sendVideoNow(userId, seq).then(send),
    };
  }, [items, saveData, userId, send]);
}

import type { FastifyBaseLogger } from "fastify";
import { CALL_RING_TIMEOUT_MS } from "../../../shared/calls.js";
import type { NotificationKind } from "../../../shared/notifications.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { CallStore } from "./call-store.js";

/** The bell's notify (the notifications module), as this module uses it. */
export type Notify = (userIds: readonly string[], notification: { kind: NotificationKind; title: string; link: string }) => Promise<void>;

export type RingingDeps = {
  store: CallStore;
  hub: RealtimeHub;
  notify: Notify;
  log: FastifyBaseLogger;
  ringTimeoutMs?: number;
};

/**
 * The end of rings: after 30 s (or when the call ends first) whoever was still ringing missed the call:
 * their tabs stop ringing and the bell tells them. The timers live on the instance that started the call.
 */
export function createRinging({ store, hub, notify, log, ringTimeoutMs = CALL_RING_TIMEOUT_MS }: RingingDeps) {
  const timers = new Map<string, NodeJS.Timeout>();

  async function stopRinging(callId: string, callerName: string) {
    const missed = await store.stopRinging(callId);
    if (missed.length === 0) return;
    await hub.publish(missed, { type: "call.ring-ended", callId, reason: "missed" });
    await notify(missed, { kind: "call_missed", title: `Missed call from ${callerName}`, link: "/call" });
  }

  return {
    stopRinging,

    /** Starts the ring timer of a new call; `onTimeout` runs after the rings stopped (to end a call nobody answered). */
    schedule(callId: string, callerName: string, onTimeout: () => Promise<void>) {
      const timer = setTimeout(() => {
        timers.delete(callId);
        stopRinging(callId, callerName)
          .then(onTimeout)
          .catch((error: unknown) => log.error({ err: error, callId }, "ending a call's rings failed"));
      }, ringTimeoutMs);
      timer.unref();
      timers.set(callId, timer);
    },

    cancel(callId: string) {
      clearTimeout(timers.get(callId));
      timers.delete(callId);
    },

    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

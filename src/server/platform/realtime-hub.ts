import { EventEmitter } from "node:events";
import type { RealtimeEvent } from "../../shared/realtime.js";

type Listener = (event: RealtimeEvent) => void;

/**
 * Delivers events to the signed-in users' open connections. The embedded mode delivers within this
 * process; with REDIS_URL every instance hears every event, so N instances act as one.
 */
export type RealtimeHub = {
  publish(userIds: readonly string[], event: RealtimeEvent): Promise<void>;
  /** Listens for the events of one user; returns the function that stops listening. */
  subscribe(userId: string, listener: Listener): () => void;
  close(): Promise<void>;
};

export function createInProcessHub(): RealtimeHub {
  const emitter = new EventEmitter();
  // One listener per open browser tab: many are expected.
  emitter.setMaxListeners(0);
  return {
    async publish(userIds, event) {
      for (const userId of new Set(userIds)) emitter.emit(userId, event);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

import { EventEmitter } from "node:events";
import type { RealtimeEvent } from "../../shared/realtime.js";

/**
 * Where events for one connection (one tab) are published: the hub's addresses are user ids, and these,
 * which no user id can equal.
 */
export const connectionAddress = (connectionId: string) => `connection:${connectionId}`;

export type RealtimeListener = (event: RealtimeEvent) => void;

/** One open connection of a user, for presence: refresh() while it is alive, end() when it closes. */
export type PresenceLease = { refresh(): void; end(): void };

/**
 * Delivers events to the signed-in users' open connections. The embedded mode delivers within this
 * process; with REDIS_URL every instance hears every event, so N instances act as one.
 */
export type RealtimeHub = {
  /** Delivers to every connection of these users (or to the connections of these connectionAddress()es). */
  publish(userIds: readonly string[], event: RealtimeEvent): Promise<void>;
  /** Listens for the events of one user (or connection address); returns the function that stops listening. */
  subscribe(userId: string, listener: RealtimeListener): () => void;
  /** Counts an open connection of this user as presence until the lease ends. */
  trackConnection(userId: string): PresenceLease;
  /** Which of these users have at least one open connection (on any instance, with Redis). */
  online(userIds: readonly string[]): Promise<string[]>;
  /** Resolves when events reach the other instances (always, in process); rejects while they cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export function createInProcessHub(): RealtimeHub {
  const emitter = new EventEmitter();
  // One listener per open browser tab: many are expected.
  emitter.setMaxListeners(0);
  const connections = new Map<string, number>();
  return {
    async publish(userIds, event) {
      for (const userId of new Set(userIds)) emitter.emit(userId, event);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    trackConnection(userId) {
      connections.set(userId, (connections.get(userId) ?? 0) + 1);
      let ended = false;
      return {
        refresh() {},
        end() {
          if (ended) return;
          ended = true;
          const left = (connections.get(userId) ?? 1) - 1;
          if (left > 0) connections.set(userId, left);
          else connections.delete(userId);
        },
      };
    },
    async online(userIds) {
      return [...new Set(userIds)].filter((userId) => connections.has(userId));
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
      connections.clear();
    },
  };
}

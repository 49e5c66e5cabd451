import WebSocket from "ws";
import type { RealtimeEvent, RealtimeServerFrame } from "../../shared/realtime.js";
import type { ServerAddress } from "./test-app.js";

export type RealtimeTestClient = {
  /** Sends a frame as JSON (or raw text). */
  send(frame: unknown): void;
  /** The first frame received (already or within the timeout) that matches. */
  waitFor<T extends RealtimeServerFrame>(matches: (frame: RealtimeServerFrame) => frame is T, timeoutMs?: number): Promise<T>;
  waitFor(matches: (frame: RealtimeServerFrame) => boolean, timeoutMs?: number): Promise<RealtimeServerFrame>;
  received: RealtimeServerFrame[];
  /** Resolves with the close code and reason when the server (or the client) closes the connection. */
  closed: Promise<{ code: number; reason: string }>;
  isOpen(): boolean;
  /** Stops reading from the network: plays a tab on a stalled phone that no longer takes what it is sent. */
  pauseReading(): void;
  close(): void;
};

/**
 * A real WebSocket client on /api/realtime of a test server, recording every frame it receives.
 * answerPings: false plays a connection that died without closing (no pong to the server's pings).
 */
export async function connectRealtime(
  server: ServerAddress,
  { answerPings = true, forwardedFor }: { answerPings?: boolean; forwardedFor?: string } = {},
): Promise<RealtimeTestClient> {
  // forwardedFor: the address a proxy says the connection comes from (a server started with TRUST_PROXY).
  const headers = forwardedFor ? { "x-forwarded-for": forwardedFor } : undefined;
  const socket = new WebSocket(server.url("/api/realtime").replace(/^http/, "ws"), { autoPong: answerPings, headers });
  const received: RealtimeServerFrame[] = [];
  const waiters = new Set<{ matches: (frame: RealtimeServerFrame) => boolean; resolve: (frame: RealtimeServerFrame) => void }>();
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as RealtimeServerFrame;
    received.push(frame);
    for (const waiter of waiters) {
      if (waiter.matches(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    send: (frame) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    waitFor(matches: (frame: RealtimeServerFrame) => boolean, timeoutMs = 5_000) {
      const already = received.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise<RealtimeServerFrame>((resolve, reject) => {
        const waiter = { matches, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no matching frame in ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
      });
    },
    received,
    closed,
    isOpen: () => socket.readyState === WebSocket.OPEN,
    pauseReading: () => socket.pause(),
    close: () => socket.close(),
  } as RealtimeTestClient;
}

/** Connects and authenticates; resolves once the server answered `ready`. */
export async function connectSignedIn(
  server: ServerAddress,
  accessToken: string,
  options?: { answerPings?: boolean },
): Promise<RealtimeTestClient> {
  const client = await connectRealtime(server, options);
  client.send({ type: "auth", accessToken });
  await client.waitFor((frame) => frame.type === "ready");
  return client;
}

/** Matches the frames of one kind of event, for waitFor: `socket.waitFor(isEvent("message"))`. */
export const isEvent =
  <Type extends RealtimeEvent["type"]>(type: Type) =>
  (frame: { type: string }): frame is Extract<RealtimeEvent, { type: Type }> =>
    frame.type === type;

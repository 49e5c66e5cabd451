import {
  REALTIME_CLOSE_UNAUTHENTICATED,
  REALTIME_PATH,
  type RealtimeClientFrame,
  type RealtimeEvent,
  type RealtimeServerFrame,
} from "../../../shared/realtime";
import { backoffDelayMs } from "../../lib/retry";
import { getAccessToken, getAuthSnapshot, refreshSession, subscribeAuth } from "../auth/auth-store";

type Listener = (event: RealtimeEvent) => void;

const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** A quiet connection is asked for a pong this often; without one in time it is taken for dead (a phone changing networks). */
const PING_EVERY_MS = 25_000;
const PONG_WITHIN_MS = 10_000;

const listeners = new Set<Listener>();
const resyncListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let sentToken: string | null = null;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;
let pongDeadline: ReturnType<typeof setTimeout> | undefined;
/** Whether an earlier connection was ready: a new connection's first "ready" means events may have been missed meanwhile. */
let wasReady = false;

const realtimeUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${REALTIME_PATH}`;

function send(frame: RealtimeClientFrame) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

/** Sends the access token: first thing on a new connection, and again each time it is renewed. */
function sendToken() {
  const token = getAccessToken();
  if (socket?.readyState !== WebSocket.OPEN || !token || token === sentToken) return;
  sentToken = token;
  send({ type: "auth", accessToken: token });
}

function keepAlive(current: WebSocket) {
  clearInterval(pingTimer);
  pingTimer = setInterval(() => {
    send({ type: "ping" });
    clearTimeout(pongDeadline);
    pongDeadline = setTimeout(() => current.close(4000, "no pong"), PONG_WITHIN_MS);
  }, PING_EVERY_MS);
}

function stopKeepAlive() {
  clearInterval(pingTimer);
  clearTimeout(pongDeadline);
}

function scheduleReconnect() {
  clearTimeout(reconnectTimer);
  // Backoff with jitter, so that browsers cut off together do not all come back at the same instant.
  const delay = backoffDelayMs(attempt++, RECONNECT_BASE_MS, RECONNECT_MAX_MS) * (1 + Math.random() * 0.2);
  reconnectTimer = setTimeout(connect, delay);
}

function connect() {
  clearTimeout(reconnectTimer);
  if (socket || getAuthSnapshot().status !== "authenticated") return;
  const current = new WebSocket(realtimeUrl());
  socket = current;
  sentToken = null;
  // The server answers every auth frame (each renewed token) with "ready": only this connection's first one counts.
  let ready = false;
  current.onopen = () => {
    sendToken();
    keepAlive(current);
  };
  current.onmessage = (message) => {
    let frame: RealtimeServerFrame;
    try {
      frame = JSON.parse(String(message.data)) as RealtimeServerFrame;
    } catch {
      return;
    }
    if (frame.type === "pong") {
      clearTimeout(pongDeadline);
      return;
    }
    if (frame.type === "ready") {
      if (ready) return;
      ready = true;
      attempt = 0;
      if (wasReady) for (const resync of resyncListeners) resync();
      wasReady = true;
      return;
    }
    for (const listener of listeners) listener(frame);
  };
  current.onclose = (event) => {
    if (socket !== current) return;
    socket = null;
    stopKeepAlive();
    if (getAuthSnapshot().status !== "authenticated") return;
    // A refused token: renew the session first (the auth store signs out if it cannot), then come back.
    if (event.code === REALTIME_CLOSE_UNAUTHENTICATED)
      void refreshSession().then((outcome) => outcome === "refreshed" && scheduleReconnect());
    else scheduleReconnect();
  };
}

function disconnect() {
  clearTimeout(reconnectTimer);
  stopKeepAlive();
  wasReady = false;
  attempt = 0;
  const current = socket;
  socket = null;
  current?.close(1000, "signed out");
}

/** Follows the session: connects when signed in, sends each renewed access token, disconnects on sign-out. */
function onAuthChange() {
  if (getAuthSnapshot().status === "authenticated") {
    if (socket) sendToken();
    else connect();
  } else if (getAuthSnapshot().status === "anonymous") {
    disconnect();
  }
}

let started = false;

/** Starts following the session (once per page; the portal layout calls it). */
export function startRealtime() {
  if (started) return;
  started = true;
  subscribeAuth(onAuthChange);
  // Back on the network (or on another one): the old connection may be dead or may have missed events, so a
  // new one is opened at once; its "ready" makes the screens fetch what they missed.
  window.addEventListener("online", () => {
    attempt = 0;
    const stale = socket;
    socket = null;
    stopKeepAlive();
    stale?.close(4000, "network changed");
    connect();
  });
  onAuthChange();
}

export function onRealtimeEvent(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called after a reconnection: whatever arrived while disconnected must be fetched again. */
export function onRealtimeResync(listener: () => void) {
  resyncListeners.add(listener);
  return () => {
    resyncListeners.delete(listener);
  };
}

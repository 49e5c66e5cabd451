import { authMessages, mfaEnrolmentRequiredMessage } from "../../shared/auth-messages";
import type { RealtimeClientFrame, RealtimeEvent, RealtimeServerFrame } from "../../shared/realtime";
import { REALTIME_CLOSE_UNAUTHENTICATED, REALTIME_PATH } from "../../shared/realtime-connection";
import { backoffDelayMs } from "./http/retry";
import {
  endDeactivatedSession,
  getAccessToken,
  getAuthSnapshot,
  noteMfaEnrolmentRequired,
  refreshSession,
  subscribeAuth,
} from "./session/auth-store";

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

/** Sends a frame on the open connection (call signalling); false when there is none right now. */
export function sendRealtimeFrame(frame: Exclude<RealtimeClientFrame, { type: "auth" | "ping" }>): boolean {
  if (socket?.readyState !== WebSocket.OPEN) return false;
  send(frame);
  return true;
}

const openWaiters = new Set<() => void>();

/**
 * Resolves true once the connection is open (at once if it is), false after `withinMs` without one: a screen just
 * opened acts before its connection is up on a slow phone, and that is not being offline.
 */
export function realtimeOpen(withinMs: number): Promise<boolean> {
  if (socket?.readyState === WebSocket.OPEN) return Promise.resolve(true);
  return new Promise((resolve) => {
    const opened = () => {
      clearTimeout(timer);
      openWaiters.delete(opened);
      resolve(true);
    };
    const timer = setTimeout(() => {
      openWaiters.delete(opened);
      resolve(false);
    }, withinMs);
    openWaiters.add(opened);
  });
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
    for (const opened of [...openWaiters]) opened();
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
    // An admin blocked or deleted the account: no refresh would help; the tab goes to /login saying so.
    if (event.code === REALTIME_CLOSE_UNAUTHENTICATED && event.reason === authMessages.accountDeactivated) {
      void endDeactivatedSession();
      return;
    }
    // Two-step sign-in is required first: the guard takes the tab to its enrolment, which needs no connection.
    if (event.code === REALTIME_CLOSE_UNAUTHENTICATED && event.reason === mfaEnrolmentRequiredMessage) {
      noteMfaEnrolmentRequired();
      return;
    }
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

/** Closes the current connection without the reconnection its close would schedule. */
function dropConnection(reason: string) {
  const stale = socket;
  socket = null;
  stopKeepAlive();
  stale?.close(4000, reason);
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
    dropConnection("network changed");
    connect();
  });
  // Off the network the connection is dead even if the browser has not noticed: drop it now, so that nothing the
  // browser held back arrives late on it, and the connection opened when the network is back catches up instead.
  window.addEventListener("offline", () => dropConnection("offline"));
  // The first connection opens in a task of its own: this runs while the portal's first screen is being committed.
  setTimeout(onAuthChange, 0);
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

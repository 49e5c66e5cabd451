import type { NotificationKind } from "./notifications.js";

/** A notification as the bell shows it. */
export type NotificationItem = {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  projectId: number | null;
  readAt: string | null;
  createdAt: string;
};

/**
 * What the server pushes to a signed-in browser over /api/realtime. Each feature adds its own
 * event types here, so both sides agree on them.
 */
export type RealtimeEvent =
  | { type: "notification"; notification: NotificationItem }
  /** Something on a project changed: screens showing it fetch it again. */
  | { type: "project.changed"; projectId: number };

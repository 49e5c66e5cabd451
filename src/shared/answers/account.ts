import { z } from "zod";
import { notificationKinds } from "../notifications.js";
import { instant } from "./common.js";

/* The answers of /settings: email change, notification preferences, devices (the profile answers a session user). */

/** POST /api/auth/change-email: the address the code was sent to, which becomes the account's once confirmed. */
export const pendingEmailChange = z.object({ pendingEmail: z.string() });

const notificationChannels = z.object({ inApp: z.boolean(), email: z.boolean() });

/** GET (and the answer of PUT) /api/users/me/notification-preferences: each kind's channels, and its label. */
export const notificationSettings = z.object({
  preferences: z.record(z.enum(notificationKinds), notificationChannels),
  labels: z.record(z.enum(notificationKinds), z.string()),
});
export type NotificationSettings = z.output<typeof notificationSettings>;

/** A signed-in device: one sign-in and its refreshes. */
export const deviceSession = z.object({
  id: z.string(),
  /** When this device signed in. */
  createdAt: instant,
  lastUsedAt: instant,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The device making this request. */
  current: z.boolean(),
});
export type DeviceSession = z.output<typeof deviceSession>;

/** GET /api/auth/sessions: the caller's signed-in devices. */
export const deviceSessions = z.object({ sessions: z.array(deviceSession) });

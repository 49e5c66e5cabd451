import { z } from "zod";
import { notificationKinds } from "../notifications.js";
import { count, instant } from "./common.js";

/** A notification as the bell shows it. */
export const notificationItem = z.object({
  id: count,
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  projectId: count.nullable(),
  readAt: instant.nullable(),
  createdAt: instant,
});
export type NotificationItem = z.output<typeof notificationItem>;

/** GET /api/notifications: the latest notifications (or those before an id), the unread count, and admins' open alerts. */
export const notificationsPage = z.object({ items: z.array(notificationItem), unread: count, openSecurityAlerts: count });

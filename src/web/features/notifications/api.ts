import type { NotificationItem } from "../../../shared/realtime";
import { apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

/** The bell's list; for admins also the open security alerts, counted on it (0 for others). */
export type NotificationsPage = { items: NotificationItem[]; unread: number; openSecurityAlerts: number };

export const notificationsQuery = privateQuery<NotificationsPage>(["/notifications"]);

/** Marks these notifications read, or all of them without ids. */
export const markNotificationsRead = (ids?: number[]) => apiRequest<null>("POST", "/notifications/read", { ids });

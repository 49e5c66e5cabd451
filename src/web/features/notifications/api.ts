import type { NotificationItem } from "../../../shared/realtime";
import { privateQuery } from "../../lib/api-query";
import { apiRequest } from "../../lib/http";

export type NotificationsPage = { items: NotificationItem[]; unread: number };

export const notificationsQuery = privateQuery<NotificationsPage>(["/notifications"]);

/** Marks these notifications read, or all of them without ids. */
export const markNotificationsRead = (ids?: number[]) => apiRequest<null>("POST", "/notifications/read", { ids });

/** What the notifications module offers the app: its service (notify, shared by the modules that tell people) and its wiring. */
export { type NotificationsModuleOptions, notificationsModule } from "./module.js";
export { createNotificationsService, type NotificationsService } from "./service.js";

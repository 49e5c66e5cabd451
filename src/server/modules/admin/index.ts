/** What the administration module offers others: the audit log that every admin action writes to. */
export { type AdminActor, recordAdminAction } from "./audit-log.js";

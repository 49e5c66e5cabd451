/** What the administration module offers others: the audit log that every admin action writes to, and the admins without two-step sign-in. */
export { adminsWithoutTwoStep } from "./admins-without-two-step.js";
export { type AdminActor, recordAdminAction } from "./audit-log.js";
export { type AdminModuleOptions, adminModule } from "./module.js";

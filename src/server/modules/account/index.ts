/**
 * What the account feature offers other modules: the admin's deletion of an account builds on the owner's, and the
 * admin's changes keep, as deletion does, an admin who can sign in.
 */
export { anotherAdminCanSignIn } from "./admins-who-can-sign-in.js";
export { deleteAccountRecords } from "./delete-account.js";
export { type AccountModuleOptions, accountModule } from "./module.js";

/** What the account feature offers other modules: the admin's deletion of an account builds on the owner's. */
export { deleteAccountRecords } from "./delete-account.js";

/**
 * What the accounts feature offers other features (the account settings build on it): the session
 * user's shape, password and code checks, and the session constants. Everything else here is internal.
 */
export { findUserById, toSessionUser } from "./accounts.js";
export type { MfaService } from "./mfa.js";
export { type Auth, type AuthDeps, type AuthModuleOptions, authModule, createAuth } from "./module.js";
export { createOneTimeCodes, EMAIL_CODE_MINUTES } from "./one-time-codes.js";
export { verifyPassword } from "./passwords.js";
export { clearSessionCookies, REFRESH_COOKIE } from "./routes.js";
export { randomDigits, randomToken, sha256 } from "./secrets.js";
export { SESSION_IDLE_MINUTES } from "./sessions.js";

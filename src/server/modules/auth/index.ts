/**
 * What the accounts feature offers other features (the account settings build on it): the session
 * user's shape, password and code checks, and the session constants. Everything else here is internal.
 */
export type { MfaService } from "./mfa.js";
export { createOneTimeCodes } from "./one-time-codes.js";
export { verifyPassword } from "./passwords.js";
export { REFRESH_COOKIE } from "./routes.js";
export { randomDigits } from "./secrets.js";
export { EMAIL_CODE_MINUTES, SESSION_IDLE_MINUTES, toSessionUser } from "./service.js";

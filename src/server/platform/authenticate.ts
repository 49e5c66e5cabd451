import type { FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../../shared/access.js";
import { ApiError } from "../../shared/api.js";
import { authMessages, MFA_ENROLMENT_REQUIRED, mfaEnrolmentRequiredMessage } from "../../shared/auth.js";
import type { Role } from "../../shared/departments.js";
import { VIEWER_SCREENS_PATH } from "../../shared/ssr.js";
import { wording } from "../../shared/wording.js";
import { ACCESS_TOKEN_SECONDS, type AccessClaims, type AccessTokens } from "./access-tokens.js";
import type { ReadAccountAccess } from "./account-access.js";
import { accessDenied } from "./errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller, set by requireUser. */
    user: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** A route a person whose two-step enrolment is due may still call (see MFA_ENROLMENT_REQUIRED). */
    allowedBeforeMfaEnrolment?: boolean;
  }
}

/**
 * Route config for what the two-step enrolment screen needs (its profile, setting up the authenticator app):
 * everything else answers 403 MFA_ENROLMENT_REQUIRED to a person whose enrolment is due.
 */
export const allowedBeforeMfaEnrolment = { allowedBeforeMfaEnrolment: true } as const;

export type { AccessClaims };

/**
 * The claims of a valid access token whose account is active and whose session is still open (and whether the
 * person must turn two-step sign-in on first), or why not.
 */
export type AccessOutcome = { claims: AccessClaims; mfaEnrolmentDue: boolean } | { refused: "invalid" | "deactivated" };

/** Whether a session is open and belongs to this user. */
export type SessionCheck = (sessionId: string, userId: string) => Promise<boolean>;

/** Checks an access token: requireUser and the realtime connection both use it. */
export type AccessCheck = (accessToken: string) => Promise<AccessOutcome>;

export function createAccessCheck(tokens: AccessTokens, readAccess: ReadAccountAccess): AccessCheck {
  return async (accessToken) => {
    const claims = accessToken ? tokens.verify(accessToken) : null;
    if (!claims) return { refused: "invalid" };
    const access = await readAccess(claims);
    if (access.state === "deactivated") return { refused: "deactivated" };
    if (access.state === "ended") return { refused: "invalid" };
    // The account's role and department now, not when the token was signed: a demotion holds at once.
    return { claims: { ...claims, role: access.role, department: access.department }, mfaEnrolmentDue: access.mfaEnrolmentDue };
  };
}

/**
 * Checks the Bearer access token, that its account is active and its session open (401 otherwise), and that the
 * person has turned two-step sign-in on if the security settings require it (403 otherwise, but on the routes
 * marked allowedBeforeMfaEnrolment).
 */
export function createRequireUser(checkAccess: AccessCheck) {
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? "";
    const outcome = await checkAccess(header.startsWith("Bearer ") ? header.slice(7) : "");
    if ("refused" in outcome) {
      if (outcome.refused === "deactivated") throw new ApiError(401, authMessages.accountDeactivated, "account_deactivated");
      throw new ApiError(401, wording.authenticationFailed, "unauthenticated");
    }
    if (outcome.mfaEnrolmentDue && !request.routeOptions.config.allowedBeforeMfaEnrolment)
      throw new ApiError(403, mfaEnrolmentRequiredMessage, MFA_ENROLMENT_REQUIRED);
    request.user = outcome.claims;
  };
}

/** After requireUser: only these roles may go on (403 for the others). */
export function requireRole(...allowed: Role[]) {
  return async function checkRole(request: FastifyRequest) {
    if (!request.user || !allowed.includes(request.user.role)) throw accessDenied();
  };
}

/** The caller of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw new ApiError(401, wording.authenticationFailed, "unauthenticated");
  return request.user;
}

/** The caller as the access rules of src/shared/access.ts see them. */
export function currentViewer(request: FastifyRequest): Viewer {
  const { userId, role, department } = currentUser(request);
  return { id: userId, role, department };
}

/** After requireUser: only callers this access rule lets in may go on (403 for the others). */
export function requireAccess(rule: (viewer: Viewer) => boolean) {
  return async function checkAccess(request: FastifyRequest) {
    if (!rule(currentViewer(request))) throw accessDenied();
  };
}

/**
 * The access token again, in httpOnly cookies for what cannot send a Bearer header, each sent to its own path only:
 * the private photos of /api/media (an <img>), the API reference at /api/docs (admins), and the dashboard's HTML, which the server renders for the person it
 * belongs to (docs/decisions/111-dashboard-rendered-for-its-viewer.md). Both live as long as the token.
 */
export const MEDIA_COOKIE = "cb_media";
export const SCREEN_COOKIE = "cb_screen";
/** The API reference an admin opens in the browser (platform/api-reference.ts). */
export const DOCS_COOKIE = "cb_docs";
export const API_REFERENCE_PATH = "/api/docs";
const ACCESS_TOKEN_COOKIES = [
  { name: MEDIA_COOKIE, path: "/api/media" },
  { name: SCREEN_COOKIE, path: VIEWER_SCREENS_PATH },
  { name: DOCS_COOKIE, path: API_REFERENCE_PATH },
];

export function setAccessTokenCookies(reply: FastifyReply, accessToken: string, secure: boolean) {
  for (const { name, path } of ACCESS_TOKEN_COOKIES)
    reply.setCookie(name, accessToken, { httpOnly: true, sameSite: "strict", secure, path, maxAge: ACCESS_TOKEN_SECONDS });
}

export function clearAccessTokenCookies(reply: FastifyReply) {
  for (const { name, path } of ACCESS_TOKEN_COOKIES) reply.clearCookie(name, { path });
}

/**
 * The access token of the person a screen is rendered for, from its screen cookie: only while the token is valid,
 * the account active, the session open and no two-step enrolment due (the screen would not open for them either).
 */
export function createScreenViewer(checkAccess: AccessCheck) {
  return async function screenViewer(request: FastifyRequest): Promise<{ accessToken: string; userId: string } | null> {
    const accessToken = request.cookies?.[SCREEN_COOKIE];
    if (!accessToken) return null;
    const outcome = await checkAccess(accessToken);
    if ("refused" in outcome || outcome.mfaEnrolmentDue) return null;
    return { accessToken, userId: outcome.claims.userId };
  };
}

export type ScreenViewer = ReturnType<typeof createScreenViewer>;

/** The caller of a route a browser opens without its Bearer header (a photo, the API reference), from that header or the
 * route's own cookie (the media cookie by default), or null (anonymous, expired, signed out). */
export function createMediaViewer(checkAccess: AccessCheck, cookie: typeof MEDIA_COOKIE | typeof DOCS_COOKIE = MEDIA_COOKIE) {
  return async function mediaViewer(request: FastifyRequest): Promise<Viewer | null> {
    const header = request.headers.authorization ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7) : (request.cookies?.[cookie] ?? "");
    const outcome = await checkAccess(token);
    if ("refused" in outcome || outcome.mfaEnrolmentDue) return null;
    const { userId, role, department } = outcome.claims;
    return { id: userId, role, department };
  };
}

export type MediaViewer = ReturnType<typeof createMediaViewer>;

/** The preHandler that lets a signed-in user through: what every module's routes take. */
export type RequireUser = ReturnType<typeof createRequireUser>;

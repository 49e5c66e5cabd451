import type { FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../../shared/access.js";
import { ApiError } from "../../shared/api.js";
import type { Role } from "../../shared/departments.js";
import { messages } from "../../shared/messages.js";
import type { AccessClaims, AccessTokens } from "../modules/auth/access-tokens.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in caller, set by requireUser. */
    user: AccessClaims | null;
  }
}

export type { AccessClaims };

/** The claims of a valid access token whose session is still open, or null: requireUser and the realtime connection both use it. */
export type AccessCheck = (accessToken: string) => Promise<AccessClaims | null>;

export function createAccessCheck(tokens: AccessTokens, isSessionOpen: (sessionId: string) => Promise<boolean>): AccessCheck {
  return async (accessToken) => {
    const claims = accessToken ? await tokens.verify(accessToken) : null;
    return claims && (await isSessionOpen(claims.sessionId)) ? claims : null;
  };
}

/** Checks the Bearer access token and that its session is still open; 401 otherwise. */
export function createRequireUser(tokens: AccessTokens, isSessionOpen: (sessionId: string) => Promise<boolean>) {
  const checkAccess = createAccessCheck(tokens, isSessionOpen);
  return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization ?? "";
    const claims = await checkAccess(header.startsWith("Bearer ") ? header.slice(7) : "");
    if (!claims) throw new ApiError(401, messages.authenticationFailed, "unauthenticated");
    request.user = claims;
  };
}

/** After requireUser: only these roles may go on (403 for the others). */
export function requireRole(...allowed: Role[]) {
  return async function checkRole(request: FastifyRequest) {
    if (!request.user || !allowed.includes(request.user.role)) throw new ApiError(403, messages.accessDenied, "forbidden");
  };
}

/** The caller of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AccessClaims {
  if (!request.user) throw new ApiError(401, messages.authenticationFailed, "unauthenticated");
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
    if (!rule(currentViewer(request))) throw new ApiError(403, messages.accessDenied, "forbidden");
  };
}

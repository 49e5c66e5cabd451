import "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import { clearAccessTokenCookies, setAccessTokenCookies } from "../../platform/authenticate.js";
import { SESSION_MAX_HOURS } from "./sessions.js";

export const REFRESH_COOKIE = "cb_refresh";

/**
 * The session's httpOnly cookies, for every way of signing in (password, passkey) and every refresh: the refresh
 * token for /api/auth, and the access token again for the private photos of /api/media (an <img> sends no header)
 * and for the dashboard's HTML, rendered for its viewer.
 */
export function setSessionCookies(reply: FastifyReply, tokens: { refreshToken: string; accessToken: string }, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/api/auth",
    maxAge: SESSION_MAX_HOURS * 3600,
  });
  setAccessTokenCookies(reply, tokens.accessToken, secure);
}

/** Signed out, deleted or refused: neither cookie stays. */
export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
  clearAccessTokenCookies(reply);
}

/** An API client asked at sign-in for the refresh token in the answer (browsers keep it in the cookie only). */
export const wantsTokenInBody = (request: FastifyRequest) => request.headers[REFRESH_TOKEN_IN_BODY_HEADER] === "body";

/** The answer without the refresh token, unless the client is an API client that keeps it itself. */
export function withoutRefreshToken<T extends { refreshToken?: string }>(result: T, inBody: boolean): T {
  if (inBody) return result;
  const { refreshToken: _inTheCookie, ...rest } = result;
  return rest as T;
}

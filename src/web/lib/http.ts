import { ApiError, unwrapEnvelope } from "../../shared/api";
import { endpointNotFound, messages, serverError, tooManyRequests } from "../../shared/messages";
import { isRetryableStatus, RETRY_POLICY, retryDelayMs } from "./retry";

/** SPEC §9: every request gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

type Method = "GET" | "POST" | "PUT" | "DELETE";

/** How an attempt to renew the access token ended. */
export type RefreshOutcome = "refreshed" | "expired" | "unavailable";

/** The signed-in session as the HTTP client needs it; the auth feature plugs itself in with connectSession. */
export type SessionConnection = {
  /** The access token in memory, if any. */
  accessToken: () => string | null;
  /** Renews the access token with the refresh cookie. */
  refresh: () => Promise<RefreshOutcome>;
  /** The session turned out to be over: forget it (the route guards then send the user to /login). */
  expire: () => void;
};

let session: SessionConnection | null = null;

export function connectSession(connection: SessionConnection) {
  session = connection;
}

/**
 * SPEC §7: the calls that sign in, sign up, recover or end a session carry no Bearer token, and a
 * 401 from them is an answer (wrong password, session over), not a reason to refresh. The account
 * calls of a signed-in user (/auth/profile, /auth/change-password...) are like any other.
 */
const SESSION_FLOW_PATHS = new Set(
  [
    "register",
    "verify-otp",
    "resend-verification",
    "login",
    "verify-credentials",
    "complete-login",
    "refresh",
    "logout",
    "forgot-password",
    "reset-password",
  ].map((name) => `/auth/${name}`),
);

const isAuthPath = (path: string) => SESSION_FLOW_PATHS.has(path.split("?")[0] ?? path);

/** The message a failed response shows when its body has none (SPEC §8). */
function fallbackMessage(status: number, path: string, retryAfterSeconds: number | null): string {
  if (status === 404) return endpointNotFound(path);
  if (status === 403) return messages.accessDenied;
  if (status === 401) return messages.authenticationFailed;
  if (status === 429) return tooManyRequests(retryAfterSeconds ?? 60);
  return serverError(status);
}

/** One request, no retries: the envelope's data, or an ApiError with the SPEC §8 wording. */
async function send<T>(method: Method, path: string, body: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  // A FormData body (file uploads) goes as multipart: the browser sets its content type and boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers["content-type"] = "application/json";
  const token = isAuthPath(path) ? null : session?.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: "include",
      headers,
      body: body === undefined || multipart ? (body as FormData | undefined) : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new ApiError(408, messages.timeout, "timeout");
    throw new ApiError(0, messages.networkFailure, "network");
  }
  const retryAfter = Number(response.headers.get("retry-after")) || null;
  const payload: unknown = await response.json().catch(() => null);
  try {
    return unwrapEnvelope<T>(response.status, payload, fallbackMessage(response.status, `/api${path}`, retryAfter));
  } catch (error) {
    if (error instanceof ApiError && retryAfter !== null)
      throw new ApiError(error.status, error.message, error.code, error.fields, retryAfter);
    throw error;
  }
}

/**
 * One attempt, and once more with a renewed access token after a 401 (SPEC §4); when the session
 * cannot be renewed it is forgotten.
 */
async function withSessionRenewal<T>(path: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || isAuthPath(path) || !session) throw error;
    const outcome = await session.refresh();
    if (outcome === "expired") session.expire();
    if (outcome !== "refreshed") throw error;
  }
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) session?.expire();
    throw error;
  }
}

/**
 * Calls the JSON API and returns the envelope's data, or throws an ApiError with the SPEC §8 wording.
 * Signed in, it sends the access token; a 401 from any other call renews the token once and repeats the
 * request once (SPEC §4). When the session cannot be renewed it is forgotten.
 */
export function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return withSessionRenewal(path, () => send<T>(method, path, body));
}

/** One GET of a file the API hands out only with the access token (project documents). */
async function sendForFile(path: string): Promise<Blob> {
  const token = session?.accessToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: "include",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new ApiError(408, messages.timeout, "timeout");
    throw new ApiError(0, messages.networkFailure, "network");
  }
  if (response.ok) return response.blob();
  const payload: unknown = await response.json().catch(() => null);
  return unwrapEnvelope<never>(response.status, payload, fallbackMessage(response.status, `/api${path}`, null));
}

/** Downloads a file of the API with the Bearer token (a plain link could not send it), renewing the session like apiRequest. */
export function apiDownload(path: string): Promise<Blob> {
  return withSessionRenewal(path, () => sendForFile(path));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The SPEC §9 retry helper, for requests that are safe to repeat: up to 3 more tries on 408, 429 and
 * 5xx answers, after 1 s doubling (or the server's retry-after), plus jitter. The last failure says
 * the server's message or 'Server error ({status})', and for 429 how many seconds to wait.
 */
export async function apiRequestWithRetry<T>(method: Method, path: string, body?: unknown): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await apiRequest<T>(method, path, body);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRetryableStatus(error.status)) throw error;
      const delay = retryDelayMs(retry, error.retryAfterSeconds);
      if (delay === null || retry >= RETRY_POLICY.maxRetries) {
        if (error.status !== 429) throw error;
        const seconds = error.retryAfterSeconds ?? Math.ceil((delay ?? RETRY_POLICY.maxDelayMs) / 1000);
        throw new ApiError(429, tooManyRequests(seconds), error.code, error.fields, seconds);
      }
      await sleep(delay);
    }
  }
}

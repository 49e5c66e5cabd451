import { ApiError, unwrapEnvelope } from "../../../shared/api";
import { MFA_ENROLMENT_REQUIRED } from "../../../shared/auth-messages";
import { IDEMPOTENCY_KEY_HEADER } from "../../../shared/idempotency";
import { endpointNotFound, serverError, tooManyRequests, wording } from "../../../shared/wording";
import { takeEarlyData } from "./early-requests";

/** docs/product.md#http-client: every request gives up after 30 s (a video upload, which the server converts, after 10 minutes). */
export const REQUEST_TIMEOUT_MS = 30_000;
export const VIDEO_UPLOAD_TIMEOUT_MS = 10 * 60_000;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How long to wait, and the Idempotency-Key naming a change that may be sent again (docs/api.md#idempotency). */
export type RequestOptions = { timeoutMs?: number; idempotencyKey?: string };

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
  /** The server refused a call until two-step sign-in is on (the route guards then show its enrolment). */
  mfaEnrolmentRequired: () => void;
};

let session: SessionConnection | null = null;

export function connectSession(connection: SessionConnection) {
  session = connection;
}

/**
 * docs/product.md#http-client: the calls that sign in, sign up, recover or end a session carry no Bearer token, and a
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

/** The message a failed response shows when its body has none (docs/product.md#wording). */
function fallbackMessage(status: number, path: string, retryAfterSeconds: number | null): string {
  if (status === 404) return endpointNotFound(path);
  if (status === 403) return wording.accessDenied;
  if (status === 401) return wording.authenticationFailed;
  if (status === 429) return tooManyRequests(retryAfterSeconds ?? 60);
  return serverError(status);
}

/** Sends one request with the access token (unless it is a session-flow call); a network failure or timeout throws. */
async function fetchApi(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
  // A FormData body (file uploads) goes as multipart: the browser sets its content type and boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers["content-type"] = "application/json";
  const token = isAuthPath(path) ? null : session?.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  return answerOf(
    fetch(`/api${path}`, {
      method,
      credentials: "include",
      headers,
      body: body === undefined || multipart ? (body as FormData | undefined) : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    }),
  );
}

/** A request's response, or the ApiError of a timeout or a network failure. */
async function answerOf(started: Promise<Response>): Promise<Response> {
  try {
    return await started;
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new ApiError(408, wording.timeout, "timeout");
    throw new ApiError(0, wording.networkFailure, "network");
  }
}

/** The envelope's data of a response, or the ApiError it describes (the wording of docs/product.md#wording when the body says nothing). */
async function readEnvelope<T>(response: Response, path: string): Promise<T> {
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

/** The answer to a request the page started before its scripts ran (the session's refresh, lib/http/early-requests.ts), read as send reads one. */
export async function readStartedRequest<T>(started: Promise<Response>, path: string): Promise<T> {
  return readEnvelope<T>(await answerOf(started), path);
}

/** One request, no retries: the envelope's data, or an ApiError with the wording of docs/product.md#wording. */
async function send<T>(method: Method, path: string, body: unknown, options?: RequestOptions): Promise<T> {
  return readEnvelope<T>(await fetchApi(method, path, body, options), path);
}

/**
 * Runs a request signed in: a 401 from any call but the session-flow ones renews the access token
 * once and repeats the request once (docs/product.md#sessions). When the session cannot be renewed it is forgotten.
 */
async function withSessionRenewal<T>(path: string, attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.code === MFA_ENROLMENT_REQUIRED) session?.mfaEnrolmentRequired();
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
 * Calls the JSON API and returns the envelope's data, or throws an ApiError with the wording of docs/product.md#wording.
 * Signed in, it sends the access token and renews it once on a 401 (see withSessionRenewal). It never tries a
 * failure again: the query cache does (lib/query/query-client.ts), so a failing load is asked for a bounded number of times.
 */
export function apiRequest<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  // The first screen's data may be on its way already, asked for by the page's HTML: its answer serves one attempt.
  let started = method === "GET" ? takeEarlyData(path) : null;
  return withSessionRenewal(path, () => {
    const early = started;
    started = null;
    return early ? readStartedRequest<T>(early, path) : send<T>(method, path, body, options);
  });
}

export type DownloadedFile = { blob: Blob; fileName: string };

/** The file name a response suggests in its Content-Disposition header, if any. */
export function attachmentFileName(contentDisposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? "");
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * GETs a file the API answers as an attachment (not an envelope), with the access token like any
 * other call: a link cannot carry the Bearer header, so the browser fetches the file and saves it.
 * A refusal comes back as an envelope and throws its ApiError.
 */
export function apiDownload(path: string, fallbackFileName: string): Promise<DownloadedFile> {
  return withSessionRenewal(path, async () => {
    const response = await fetchApi("GET", path, undefined);
    if (!response.ok) return readEnvelope<never>(response, path);
    const fileName = attachmentFileName(response.headers.get("content-disposition")) ?? fallbackFileName;
    return { blob: await response.blob(), fileName };
  });
}

/**
 * The Bearer header for a request the client does not send itself (the site app's resumable uploads, sent by
 * tus-js-client), renewing the access token first when asked to (after such a request was refused with a 401).
 */
export async function uploadAuthorization(renew: boolean): Promise<string | null> {
  if (renew && session) {
    const outcome = await session.refresh();
    if (outcome === "expired") session.expire();
  }
  const token = session?.accessToken();
  return token ? `Bearer ${token}` : null;
}

import { ApiError, unwrapEnvelope } from "../../shared/api";
import { endpointNotFound, messages, serverError, tooManyRequests } from "../../shared/messages";

/** SPEC §9: every request gives up after 30 s. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The message a failed response shows when its body has none (SPEC §8). */
function fallbackMessage(status: number, path: string, retryAfterSeconds: number | null): string {
  if (status === 404) return endpointNotFound(path);
  if (status === 403) return messages.accessDenied;
  if (status === 401) return messages.authenticationFailed;
  if (status === 429) return tooManyRequests(retryAfterSeconds ?? 60);
  return serverError(status);
}

/** Calls the JSON API and returns the envelope's data, or throws an ApiError with the SPEC §8 wording. */
export async function apiRequest<T>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      credentials: "include",
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new ApiError(408, messages.timeout, "timeout");
    throw new ApiError(0, messages.networkFailure, "network");
  }
  const retryAfter = Number(response.headers.get("retry-after")) || null;
  const payload: unknown = await response.json().catch(() => null);
  return unwrapEnvelope<T>(response.status, payload, fallbackMessage(response.status, `/api${path}`, retryAfter));
}

import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

/**
 * Request ids in the log. A client's X-Request-Id is not taken: anyone could give their requests the id of
 * someone else's, or the same id to a thousand, and muddle what the log tells. Requests the server makes to
 * itself (a page's render asking the API, app.inject) carry the page's id behind this process's secret, so that
 * the page and its API calls still share one id.
 */
const INNER_REQUEST_ID_HEADER = "x-inner-request-id";
const secret = randomBytes(24).toString("base64url");

/** Headers for a request this process makes to itself as part of the request `id`. */
export const innerRequestHeaders = (id: string) => ({ [INNER_REQUEST_ID_HEADER]: `${secret}.${id}` });

/** Fastify's genReqId: the calling request's id for the process's own requests, a fresh UUID for every other. */
export function requestIdOf(request: IncomingMessage): string {
  const inner = request.headers[INNER_REQUEST_ID_HEADER];
  if (typeof inner === "string" && inner.startsWith(`${secret}.`)) return inner.slice(secret.length + 1);
  return randomUUID();
}

import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { type ApiEnvelope, ApiError } from "../../shared/api.js";
import { endpointNotFound, productWording } from "../../shared/wording.js";
import { databaseFailureOf } from "../db/unavailable.js";
import { databaseRefusedNul, nulCharacterRefusal } from "./nul-characters.js";
import { StorageError } from "./storage.js";

export { ApiError };

/** A successful envelope (its data as given, so that a route's response schema checks it). */
export function ok<T>(data: T, message: string | null = null): ApiEnvelope<T> & { success: true; data: T; error: null } {
  return { success: true, data, message, error: null };
}

function failure(error: ApiError): ApiEnvelope<null> {
  const body: ApiEnvelope<null> = { success: false, data: null, message: error.message, error: error.code };
  if (Object.keys(error.fields).length > 0) body.fields = error.fields;
  return body;
}

/** The 400 for input a schema refused: the first message of each field (a route's schema and parseInput alike). */
export function validationFailure(error: z.ZodError): ApiError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    fields[field] ??= issue.message;
  }
  return new ApiError(400, productWording.validationFailed, "validation_failed", fields);
}

/** Parses input with a shared schema, or throws a 400 listing the first message for each field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationFailure(result.error);
}

/** Maps Fastify's own client errors to our wording; anything else is a 500. */
function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError(400, productWording.invalidJson, "invalid_json");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(413, productWording.payloadTooLarge, "payload_too_large");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, "Unsupported content type.", "unsupported_media_type");
  }
  if (databaseRefusedNul(error)) return nulCharacterRefusal("body");
  if (error instanceof StorageError) return new ApiError(503, productWording.storageUnavailable, "storage_unavailable");
  const databaseFailure = databaseFailureOf(error);
  if (databaseFailure === "unreachable") return new ApiError(503, productWording.databaseUnavailable, "database_unavailable");
  if (databaseFailure === "timeout") return new ApiError(503, productWording.queryTimeout, "query_timeout");
  if (error.statusCode === 429) return new ApiError(429, error.message, "rate_limited");
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new ApiError(error.statusCode, error.message, "bad_request");
  }
  return new ApiError(500, productWording.internalError, "internal_error");
}

function sendError(reply: FastifyReply, error: ApiError) {
  if (error.retryAfterSeconds !== null) reply.header("retry-after", String(error.retryAfterSeconds));
  return reply.status(error.status).type("application/json; charset=utf-8").send(failure(error));
}

/** Error and not-found handling for /api routes: every answer is an envelope. */
export function registerApiEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      request.log.error({ err: error, reqId: request.id }, "request failed");
    } else {
      request.log.info({ reqId: request.id, status: apiError.status, code: apiError.code }, apiError.message);
    }
    return sendError(reply, apiError);
  });
}

export function sendApiNotFound(reply: FastifyReply, path: string) {
  return sendError(reply, new ApiError(404, endpointNotFound(path), "not_found"));
}

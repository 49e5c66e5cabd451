import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../shared/api.js";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyMessages,
} from "../../shared/idempotency.js";
import type { AppDb } from "../db/client.js";
import { bodyFingerprint } from "./idempotency-fingerprint.js";
import { createIdempotencyStore, type StoredAnswer } from "./idempotency-store.js";

type Options = {
  db: AppDb;
  /** How long a repeat waits for the first request to finish before a 409. */
  waitMs?: number;
};

const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a route's answers may be kept for repeats: not the sign-in and account-security routes under /api/auth/,
 * whose answers carry secrets (tokens, authenticator secrets, recovery codes, passkey challenges) that must not sit in
 * a table of answers. There a key is checked but nothing is kept.
 */
export const keepsAnswers = (url: string) => !url.startsWith("/api/auth/");

/**
 * Answers that mean 'not now' rather than a final word (signed out, not yet allowed, too many requests): a retry
 * with the same key runs again. Every other answer below 500 is kept; a 5xx releases the key.
 */
const REFUSED_FOR_NOW = new Set([401, 403, 408, 425, 429]);

/**
 * Whether an answer is no final word on the request, so that the key is given up and a retry runs: a 5xx, a 'not now',
 * or a refusal of a body that never fully arrived (the line dropped mid-upload: the retry sends it whole).
 */
function answersForNow(request: FastifyRequest, status: number) {
  return status >= 500 || REFUSED_FOR_NOW.has(status) || (status >= 400 && !request.raw.complete);
}

/** The answers kept are JSON envelopes of modest size; a larger one is recorded as done, without its body. */
export const MAX_KEPT_ANSWER_BYTES = 256 * 1024;

/** The headers a repeat gets again with the body (the others are the repeat's own: security, caching, compression). */
const KEPT_HEADERS = ["content-type", "location"] as const;

const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 500;

/** The key of a mutating request, or null; a malformed one is a 400. */
function keyOf(request: FastifyRequest): string | null {
  if (!MUTATING_METHODS.has(request.method)) return null;
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return null;
  // Sent twice, Node joins the values with ", ": not a key either.
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new ApiError(400, idempotencyMessages.invalidKey, "invalid_idempotency_key");
  return key;
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  if (answer.body === null) throw new ApiError(409, idempotencyMessages.answerNotKept, "idempotency_answer_not_kept");
  return reply.code(answer.statusCode).headers(answer.headers).header(IDEMPOTENT_REPLAYED_HEADER, "true").send(answer.body);
}

/** The answer as it goes out, to keep: null when it is not text of a size worth keeping (a stream, a large body). */
function keptBody(payload: unknown): string | null {
  const text = payload === undefined || payload === null ? "" : typeof payload === "string" ? payload : null;
  return text !== null && Buffer.byteLength(text) <= MAX_KEPT_ANSWER_BYTES ? text : null;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * The Idempotency-Key header on every mutating route of the API (docs/decisions/148-idempotency-keys.md): a signed-in
 * person's first request with a key claims it in the database and runs; its answer is stored as it is sent; a repeat
 * (on any instance) waits for the first to finish and gets that answer again, with Idempotent-Replayed: true, running
 * nothing. A key is the person's own: another person's same key is another key. Without a signed-in person (the
 * routes that need none) the key is checked and ignored.
 */
export function registerIdempotencyKeys(app: FastifyInstance, { db, waitMs = 60_000 }: Options) {
  const store = createIdempotencyStore(db);
  /** The fingerprint of each keyed request's body as it was sent, before its schema transformed it. */
  const fingerprints = new WeakMap<FastifyRequest, string>();
  /** The claim each running first request holds, until its answer goes out. */
  const claims = new WeakMap<FastifyRequest, number>();

  // Checked first, so that a malformed key is refused before anything else is read.
  app.addHook("onRequest", async (request) => {
    keyOf(request);
  });

  // Before the route's own preValidation hooks and its schema: the body as parsed from the JSON sent.
  app.addHook("preValidation", async (request) => {
    if (keyOf(request) !== null) fingerprints.set(request, bodyFingerprint(request));
  });

  // After the route's own preValidation (requireUser sets request.user) and its schema, before its handler.
  app.addHook("preHandler", async (request, reply) => {
    const key = keyOf(request);
    const userId = request.user?.userId;
    const fingerprint = fingerprints.get(request);
    if (key === null || !userId || fingerprint === undefined || !keepsAnswers(request.url)) return;
    const keyed = { userId, key, method: request.method, path: request.url, fingerprint };
    const deadline = Date.now() + waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      const found = await store.claim(keyed);
      if (found.outcome === "claimed") {
        claims.set(request, found.id);
        return;
      }
      if (found.outcome === "different-request") throw new ApiError(422, idempotencyMessages.differentRequest, "idempotency_key_reused");
      if (found.outcome === "completed") {
        request.log.info({ idempotencyKey: key }, "answer replayed");
        return replay(reply, found.answer);
      }
      // The first is still running, here or on another instance: its row says when it is done.
      const left = deadline - Date.now();
      if (left <= 0) throw new ApiError(409, idempotencyMessages.stillProcessing, "idempotency_key_in_use");
      await sleep(Math.min(pause, left));
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const id = claims.get(request);
    if (id === undefined) return payload;
    claims.delete(request);
    try {
      if (answersForNow(request, reply.statusCode)) await store.release(id);
      else await store.complete(id, { statusCode: reply.statusCode, headers: keptHeaders(reply), body: keptBody(payload) });
    } catch (error) {
      // The answer still goes out; the claim left processing is taken over once abandoned (idempotency-store.ts).
      request.log.error({ err: error }, "the answer to an Idempotency-Key could not be stored");
    }
    return payload;
  });
}

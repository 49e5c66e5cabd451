/**
 * Idempotency keys: a signed-in client that may send a change more than once (the site app's offline queue replays
 * what it made offline) names it with a key, and the server answers every repeat with the first answer
 * (docs/decisions/148-idempotency-keys.md, docs/api.md#idempotency).
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** On an answer given again from the stored first answer, instead of running the request. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

/** 1 to 255 visible ASCII characters (no space): a UUID is the usual choice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A claimed key's request is running; a completed one has its answer stored. */
export const idempotentRequestStates = ["processing", "completed"] as const;

/** How long a key and its answer are kept at least; the hourly purge deletes them after it. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

export const idempotencyMessages = {
  invalidKey: "The Idempotency-Key header must be 1 to 255 visible ASCII characters, without spaces.",
  differentRequest: "This Idempotency-Key was used for a different request.",
  stillProcessing: "A request with this Idempotency-Key is still being processed.",
  answerNotKept: "The request with this Idempotency-Key was done, but its answer was too large to keep. Reload to see its result.",
} as const;

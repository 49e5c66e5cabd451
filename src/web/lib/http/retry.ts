import { ApiError } from "../../../shared/api";

/** The retry rules (docs/product.md#http-client): at most 3 retries, 1 s doubling up to 10 s, plus up to 10% jitter. */
export const RETRY_POLICY = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 10_000, jitterRatio: 0.1 } as const;

/** docs/product.md#http-client: the statuses worth trying again (408 is also what a timed-out request reports). */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export const isRetryableStatus = (status: number) => RETRYABLE_STATUSES.has(status);

/** Exponential backoff: base, 2 × base, 4 × base… for retry 0, 1, 2…, never above maxMs. */
export function backoffDelayMs(retry: number, baseMs: number, maxMs = Number.POSITIVE_INFINITY): number {
  return Math.min(baseMs * 2 ** retry, maxMs);
}

/**
 * How long to wait before retry number `retry` (0 for the first): the server's retry-after when it
 * sent one, else the backoff; plus up to 10% jitter so that browsers which failed together do not all
 * come back at the same instant. Null when the server asks for a longer wait than the maximum delay:
 * the caller then gives up at once and says how long to wait.
 */
export function retryDelayMs(retry: number, retryAfterSeconds: number | null = null, random: () => number = Math.random): number | null {
  const { baseDelayMs, maxDelayMs, jitterRatio } = RETRY_POLICY;
  let delay = backoffDelayMs(retry, baseDelayMs, maxDelayMs);
  if (retryAfterSeconds !== null) {
    delay = retryAfterSeconds * 1000;
    if (delay > maxDelayMs) return null;
  }
  return Math.round(delay * (1 + jitterRatio * random()));
}

/**
 * The wait before retry number `retry` (0 for the first) after this failure, or null when it is not worth another
 * try: not a retried status, the retries spent, or the server asking for a longer wait than the maximum delay.
 */
export function retryDelayAfter(retry: number, error: unknown): number | null {
  if (retry >= RETRY_POLICY.maxRetries || !(error instanceof ApiError) || !isRetryableStatus(error.status)) return null;
  return retryDelayMs(retry, error.retryAfterSeconds);
}

/**
 * Runs `attempt` again by the rules above while its failure is worth another try, for the callers that no query
 * cache retries for them (the public pages' data, the sign-in's second step); the last failure is thrown as it came.
 */
export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = retryDelayAfter(retry, error);
      if (delay === null) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The cache rules of docs/product.md#toasts-and-query-cache, shared by the portal's query cache and the site's data. */
const MINUTE = 60_000;

/** Data younger than this is shown without asking the server again. */
export const FRESH_MS = 5 * MINUTE;
/** Data nobody has read for this long is dropped. */
export const KEPT_MS = 10 * MINUTE;
/** A failed write is tried this many more times (a load: RETRY_POLICY.maxRetries, lib/http/retry.ts). */
export const WRITE_RETRIES = 1;

/** When a new access token should be fetched: shortly before this one expires, so a busy user is never cut off. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** Access tokens last 15 minutes; assumed when a token's expiry cannot be read. */
const ACCESS_TOKEN_LIFETIME_MS = 15 * 60_000;

/** The expiry (ms since the epoch) written in a JWT's payload, or null when it has none. */
export function tokenExpiresAt(token: string): number | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** How long from `now` until the token should be renewed (never negative). */
export function renewDelayMs(token: string, now: number): number {
  const expiresAt = tokenExpiresAt(token) ?? now + ACCESS_TOKEN_LIFETIME_MS;
  return Math.max(0, expiresAt - RENEW_BEFORE_EXPIRY_MS - now);
}

/**
 * How long the product keeps what accumulates, in one place: the server applies these figures (the purge in
 * src/server/platform/retention.ts, the analytics roll-up in src/server/modules/analytics/rollup.ts, the session rules
 * in src/server/modules/auth/sessions.ts) and the privacy notice (/privacy) states them, so the two cannot disagree
 * (docs/decisions/114-sign-in-limits-per-account-and-address.md).
 */
export const RETENTION = {
  /** The access log: long enough to look back on an incident and for the security centre's charts. */
  securityEventsDays: 180,
  /** Codes, tickets and 'this wasn't me' links, once expired, are of no use: kept a day (a support question about 'my code expired'). */
  oneTimeCodesDaysAfterExpiry: 1,
  /** An email's text, kept for the admins' outbox; then only who, what subject and when. */
  mailBodyDays: 30,
  mailDays: 180,
  /** Raw page views and Web Vitals of the public pages; their daily totals stay. */
  pageViewsDays: 90,
} as const;

/** docs/product.md#sessions: a session dies after 30 minutes without use, and 12 hours after sign-in however active. */
export const SESSION_LIMITS = { idleMinutes: 30, maxHours: 12 } as const;

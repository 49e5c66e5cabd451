import { and, lt, notInArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { SIGN_IN_LIMITS } from "../../shared/auth-messages.js";
import { RETENTION } from "../../shared/retention.js";
import type { AppDb } from "../db/client.js";
import { mailOutbox, notMeLinks, oneTimeCodes, securityEvents, signInAttempts } from "../db/schema.js";
import { purgeIdempotencyKeys } from "./idempotency-store.js";
import { ERASED_CODE_BODY } from "./mail.js";
import { runPeriodically } from "./periodic.js";

/**
 * How long what accumulates is kept: the figures live in src/shared/retention.ts, which the privacy notice (/privacy)
 * states too. Raw page views are dropped by the analytics roll-up itself (modules/analytics/rollup.ts); the answers kept
 * for Idempotency-Key repeats go after IDEMPOTENCY_KEEP_HOURS (src/shared/idempotency.ts).
 */
export { RETENTION };

/** What an erased mail body says in the outbox. */
export const ERASED_MAIL_BODY = `(The text of this email was removed after ${RETENTION.mailBodyDays} days.)`;

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 86_400_000);

/** Deletes (or, for mail bodies, erases) what is past its retention; answers how many rows each step touched. */
export async function purgeExpired(db: AppDb, now = new Date()) {
  const events = await db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, daysAgo(RETENTION.securityEventsDays, now)))
    .returning({ id: securityEvents.id });
  // A counter whose window is over counts as no counter at all (the next attempt starts a new window).
  const counters = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.windowStartedAt, new Date(now.getTime() - SIGN_IN_LIMITS.windowMinutes * 60_000)))
    .returning({ key: signInAttempts.key });
  const codes = await db
    .delete(oneTimeCodes)
    .where(lt(oneTimeCodes.expiresAt, daysAgo(RETENTION.oneTimeCodesDaysAfterExpiry, now)))
    .returning({ id: oneTimeCodes.id });
  const links = await db
    .delete(notMeLinks)
    .where(lt(notMeLinks.expiresAt, daysAgo(RETENTION.oneTimeCodesDaysAfterExpiry, now)))
    .returning({ id: notMeLinks.id });
  const mails = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.createdAt, daysAgo(RETENTION.mailDays, now)))
    .returning({ id: mailOutbox.id });
  const bodies = await db
    .update(mailOutbox)
    .set({ textBody: ERASED_MAIL_BODY, htmlBody: ERASED_MAIL_BODY })
    .where(
      and(
        lt(mailOutbox.createdAt, daysAgo(RETENTION.mailBodyDays, now)),
        notInArray(mailOutbox.textBody, [ERASED_MAIL_BODY, ERASED_CODE_BODY]),
      ),
    )
    .returning({ id: mailOutbox.id });
  const idempotencyKeys = await purgeIdempotencyKeys(db, now);
  return {
    securityEvents: events.length,
    signInAttempts: counters.length,
    oneTimeCodes: codes.length,
    notMeLinks: links.length,
    mails: mails.length,
    mailBodies: bodies.length,
    idempotencyKeys,
  };
}

/** Purges at start and then every `everyMs`, one run at a time; stop() waits for the run under way. */
export function schedulePurges(db: AppDb, log: FastifyBaseLogger, everyMs: number) {
  return runPeriodically(() => purgeExpired(db), { everyMs, log, failure: "retention purge failed" });
}

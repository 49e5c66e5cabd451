import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { webVitals } from "../../../shared/analytics.js";
import type { AppDb } from "../../db/client.js";
import { VITAL_BIN_WIDTH } from "./vitals.js";

const DAY = 86_400_000;
/** Raw page views are kept this many days; their daily roll-ups stay. */
export const RAW_RETENTION_DAYS = 90;
/** Any number of its own, so that instances rolling up at once take turns (the migrations' lock is another). */
const ROLLUP_LOCK_ID = 727_011;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Each Web Vitals metric's bin of a value: its index, counting from 0 (see vitals.ts). */
const vitalBin = sql.raw(
  `case kind ${webVitals.map((metric) => `when '${metric}' then floor(value / ${VITAL_BIN_WIDTH[metric]} + 1e-9)`).join(" ")} end`,
);

/** Rewrites one day's roll-up from the raw page views and the contact inquiries of that day. */
async function rollUpDay(tx: Pick<AppDb, "execute">, day: string) {
  const inDay = sql`created_at >= ${day}::date and created_at < ${day}::date + 1`;
  await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
  await tx.execute(sql`
    insert into analytics_daily (day, metric, key, value)
    select ${day}::date, metric, key, value from (
      select 'views' as metric, '' as key, count(*) as value from page_views where kind = 'pageview' and ${inDay}
      union all select 'visitors', '', count(distinct visitor) from page_views where kind = 'pageview' and ${inDay}
      union all select 'conversions', '', count(*) from contact_inquiries where ${inDay}
      union all select 'page', path, count(*) from page_views where kind = 'pageview' and ${inDay} group by path
      union all select 'referrer', referrer, count(*) from page_views where kind = 'pageview' and referrer is not null and ${inDay} group by referrer
      union all select 'device', device, count(*) from page_views where kind = 'pageview' and ${inDay} group by device
      union all select 'vital:' || kind, (${vitalBin})::bigint::text, count(*) from page_views where kind <> 'pageview' and ${inDay} group by kind, 2
    ) as figures`);
}

/**
 * Rolls the raw page views up per day, from the last day rolled up (which may have been rolled while it was still
 * going on) to today, then drops raw rows past their retention. Idempotent: a day is rewritten whole; after downtime
 * it catches up on every missed day. Instances take turns under an advisory lock. Answers the days it rolled up.
 */
export async function rollUp(db: AppDb, now = new Date()): Promise<string[]> {
  const today = Date.parse(isoDay(now.getTime()));
  const oldestKept = today - RAW_RETENTION_DAYS * DAY;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`);
    const result = (await tx.execute(sql`
      select coalesce((select max(day)::text from analytics_daily), (select min(created_at)::date::text from page_views)) as first`)) as unknown as {
      rows: { first: string | null }[];
    };
    const first = result.rows[0]?.first;
    const from = Math.max(first ? Date.parse(first) : today, oldestKept);
    const days: string[] = [];
    for (let day = from; day <= today; day += DAY) days.push(isoDay(day));
    for (const day of days) await rollUpDay(tx, day);
    await tx.execute(sql`delete from page_views where created_at < ${isoDay(oldestKept)}::date`);
    return days;
  });
}

/** Rolls up at start and then every `everyMs`, one run at a time; stop() waits for the run under way. */
export function scheduleRollUps(db: AppDb, log: FastifyBaseLogger, everyMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => rollUp(db)).catch((error: unknown) => log.error({ err: error }, "analytics roll-up failed"));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async function stop() {
    clearInterval(timer);
    await running;
  };
}

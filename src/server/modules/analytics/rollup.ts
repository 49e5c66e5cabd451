import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { DAILY_TOP_KEYS, OTHER_KEY, VITAL_MAX, webVitals } from "../../../shared/analytics.js";
import { blogCategories } from "../../../shared/content.js";
import { RETENTION } from "../../../shared/retention.js";
import type { AppDb } from "../../db/client.js";
import { runPeriodically } from "../../platform/periodic.js";
import { VITAL_BIN_WIDTH } from "./vitals.js";

const DAY = 86_400_000;
/** Raw page views are kept this many days (src/shared/retention.ts); their daily roll-ups stay. */
export const RAW_RETENTION_DAYS = RETENTION.pageViewsDays;
/** Any number of its own, so that instances rolling up at once take turns (the migrations' lock is another). */
const ROLLUP_LOCK_ID = 727_011;

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Each Web Vitals metric's bin of a value, clamped to its plausible top: its index, counting from 0 (see vitals.ts). */
const vitalBin = sql.raw(
  `case kind ${webVitals
    .map((metric) => `when '${metric}' then floor(least(value, ${VITAL_MAX[metric]}) / ${VITAL_BIN_WIDTH[metric]} + 1e-9)`)
    .join(" ")} end`,
);

/** The public pages whose paths take no parameter, and the blog's categories (the public routes in src/web/app/routes.ts). */
const FIXED_PUBLIC_PATHS = [
  "/",
  "/about",
  "/services",
  "/projects",
  "/contact",
  "/privacy",
  "/terms",
  "/blog",
  ...blogCategories.map(({ slug }) => `/blog/${slug}`),
];

/** A page view's path as counted: a public page (a service, a published post...) as it is, anything else as 'other'. */
const countedPage = sql`case
  when path in (${sql.join(
    FIXED_PUBLIC_PATHS.map((path) => sql`${path}`),
    sql`, `,
  )})
    or path in (select '/services/' || slug from services)
    or path in (select '/blog/' || category || '/' || slug from blog_posts where status = 'published')
  then path else ${OTHER_KEY} end`;

/** One day's counts of a key (page, referrer): the top DAILY_TOP_KEYS as they are, the rest added up as 'other'. */
const topOfDay = (metric: string, key: string) => sql`
  select ${sql.raw(`'${metric}'`)}, case when rank <= ${DAILY_TOP_KEYS} then key else ${OTHER_KEY} end, sum(value)::bigint from (
    select ${sql.raw(key)} as key, count(*) as value, row_number() over (order by count(*) desc, ${sql.raw(key)}) as rank
    from views where ${sql.raw(key)} is not null group by ${sql.raw(key)}
  ) as ranked group by 2`;

/** Rewrites one day's roll-up from the raw page views and the contact inquiries of that day. */
async function rollUpDay(tx: Pick<AppDb, "execute">, day: string) {
  const inDay = sql`created_at >= ${day}::date and created_at < ${day}::date + 1`;
  await tx.execute(sql`delete from analytics_daily where day = ${day}::date`);
  await tx.execute(sql`
    with views as (select ${countedPage} as page, referrer, device, visitor from page_views where kind = 'pageview' and ${inDay})
    insert into analytics_daily (day, metric, key, value)
    select ${day}::date, metric, key, value from (
      select 'views' as metric, '' as key, count(*) as value from views
      union all select 'visitors', '', count(distinct visitor) from views
      union all select 'conversions', '', count(*) from contact_inquiries where ${inDay}
      union all ${topOfDay("page", "page")}
      union all ${topOfDay("referrer", "referrer")}
      union all select 'device', device, count(*) from views group by device
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
  return runPeriodically(() => rollUp(db), { everyMs, log, failure: "analytics roll-up failed" });
}

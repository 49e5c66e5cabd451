import { z } from "zod";
import { timeframes, webVitals } from "../analytics.js";
import { calendarDay, count } from "./common.js";

export const granularity = z.enum(["day", "week", "month"]);
/** Each timeframe's bars: days for 7 and 30 days, weeks (from Monday) for 90 days, months for 12 months. */
export type Granularity = z.output<typeof granularity>;

/** What every analytics answer starts with: its period and the start (YYYY-MM-DD, UTC) of each bucket in order. */
export const analyticsPeriod = z.object({ timeframe: z.enum(timeframes), granularity, from: calendarDay, to: calendarDay });
export type AnalyticsPeriod = z.output<typeof analyticsPeriod>;

/** How many of each kind (a role, a department, a status, a category). */
export const counts = z.record(z.string(), count);
export type Counts = z.output<typeof counts>;

/** GET /api/admin/analytics/users. */
export const usersAnalytics = analyticsPeriod.extend({
  buckets: z.array(z.object({ start: calendarDay, signUps: count, activeUsers: count })),
  signUps: count,
  /** Distinct people who signed in during the timeframe. */
  activeUsers: count,
  signUpsByRole: counts,
  signUpsByDepartment: counts,
});
export type UsersAnalytics = z.output<typeof usersAnalytics>;

/** GET /api/admin/analytics/projects. */
export const projectsAnalytics = analyticsPeriod.extend({
  buckets: z.array(z.object({ start: calendarDay, started: count, completed: count, inquiries: count, converted: count })),
  started: count,
  completed: count,
  /** The projects created in the timeframe: their status, category, progress and money now. */
  created: count,
  byStatus: counts,
  byCategory: counts,
  averageProgress: z.number().nullable(),
  budgetNaira: z.number(),
  spentNaira: z.number(),
  inquiries: count,
  /** Inquiries of the timeframe that became projects. */
  converted: count,
});
export type ProjectsAnalytics = z.output<typeof projectsAnalytics>;

/** Keys ranked by their value, highest first (pages, referring sites, devices). */
export const ranked = z.array(z.object({ key: z.string(), value: z.number() }));
export type Ranked = z.output<typeof ranked>;

/** GET /api/admin/analytics/site. */
export const siteAnalytics = analyticsPeriod.extend({
  buckets: z.array(z.object({ start: calendarDay, views: count, visitors: count, conversions: count })),
  views: count,
  /** The sum of each day's unique visitors (a visitor is known for one day only). */
  visitors: count,
  /** Contact-form inquiries sent. */
  conversions: count,
  topPages: ranked,
  referrers: ranked,
  devices: ranked,
  /** The 75th percentile of each metric over the timeframe (ms; CLS unitless), null below VITAL_MIN_SAMPLES samples. */
  vitals: z.record(z.enum(webVitals), z.object({ p75: z.number().nullable(), samples: count })),
});
export type SiteAnalytics = z.output<typeof siteAnalytics>;

/** POST /api/analytics/collect: whether the beacon was counted (not under Do Not Track, nor from a bot). */
export const beaconOutcome = z.object({ recorded: z.boolean() });

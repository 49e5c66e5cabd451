import { z } from "zod";

/* ------------------------------------------------------------------------------------------------
 * The analytics API (docs/api.md#analytics): admins' figures of accounts, projects and the public
 * website per timeframe, and the beacon the public pages send.
 * ---------------------------------------------------------------------------------------------- */

export const timeframes = ["7d", "30d", "90d", "12m"] as const;
export type Timeframe = (typeof timeframes)[number];

export const timeframeLabels: Record<Timeframe, string> = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "12m": "12 months",
};

export const timeframeQuerySchema = z.object({
  timeframe: z.enum(timeframes, { error: "Timeframe must be 7d, 30d, 90d or 12m." }),
});

/** Each timeframe's bars: days for 7 and 30 days, weeks (from Monday) for 90 days, months for 12 months. */
export type Granularity = "day" | "week" | "month";

/** What every analytics answer starts with: its period and the start (YYYY-MM-DD, UTC) of each bucket in order. */
export type AnalyticsPeriod = { timeframe: Timeframe; granularity: Granularity; from: string; to: string };

export type Counts = Record<string, number>;

export type UsersAnalytics = AnalyticsPeriod & {
  buckets: { start: string; signUps: number; activeUsers: number }[];
  signUps: number;
  /** Distinct people who signed in during the timeframe. */
  activeUsers: number;
  signUpsByRole: Counts;
  signUpsByDepartment: Counts;
};

export type ProjectsAnalytics = AnalyticsPeriod & {
  buckets: { start: string; started: number; completed: number; inquiries: number; converted: number }[];
  started: number;
  completed: number;
  /** The projects created in the timeframe: their status, category, progress and money now. */
  created: number;
  byStatus: Counts;
  byCategory: Counts;
  averageProgress: number | null;
  budgetNaira: number;
  spentNaira: number;
  inquiries: number;
  /** Inquiries of the timeframe that became projects. */
  converted: number;
};

export const webVitals = ["LCP", "INP", "CLS", "TTFB"] as const;
export type WebVital = (typeof webVitals)[number];

export type Ranked = { key: string; value: number }[];

/*
 * What one visitor's beacons can do to the figures is bounded (docs/api.md#analytics): a path outside the public pages
 * counts as 'other', each day keeps only its top pages and referring sites, a Web Vitals value counts at most at the top
 * of its plausible range, and a 75th percentile is shown only once enough samples make it.
 */

/** The key a page outside the public routes, and the pages and referring sites past a day's top, are counted under. */
export const OTHER_KEY = "other";
/** Pages and referring sites kept per day by the roll-up; the rest are added up under OTHER_KEY. */
export const DAILY_TOP_KEYS = 50;
/** Each metric's plausible top (ms; CLS unitless): a value above it is counted as this. */
export const VITAL_MAX: Record<WebVital, number> = { LCP: 60_000, INP: 20_000, CLS: 5, TTFB: 60_000 };
/** A metric's 75th percentile over a timeframe is shown from this many samples on (below: 'Not enough data'). */
export const VITAL_MIN_SAMPLES = 20;

export type SiteAnalytics = AnalyticsPeriod & {
  buckets: { start: string; views: number; visitors: number; conversions: number }[];
  views: number;
  /** The sum of each day's unique visitors (a visitor is known for one day only). */
  visitors: number;
  /** Contact-form inquiries sent. */
  conversions: number;
  topPages: Ranked;
  referrers: Ranked;
  devices: Ranked;
  /** The 75th percentile of each metric over the timeframe (ms; CLS unitless), null below VITAL_MIN_SAMPLES samples. */
  vitals: Record<WebVital, { p75: number | null; samples: number }>;
};

export const deviceClasses = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** A beacon is small: a larger body is refused (413). */
export const BEACON_MAX_BYTES = 2048;

const beaconPath = z
  .string()
  .max(512)
  .regex(/^\/(?!api\/)[^\s?#]*$/, "Must be a page's path.");
const viewportWidth = z.number().int().min(0).max(100_000);

/** POST /api/analytics/collect: a page view (with the referring address) or one Web Vitals measure of a page. */
export const beaconSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("pageview"), path: beaconPath, width: viewportWidth, referrer: z.string().max(1024).optional() }),
  z.strictObject({ kind: z.enum(webVitals), path: beaconPath, width: viewportWidth, value: z.number().min(0).max(600_000) }),
]);
export type Beacon = z.infer<typeof beaconSchema>;

import { z } from "zod";

export type {
  AnalyticsPeriod,
  Counts,
  Granularity,
  ProjectsAnalytics,
  Ranked,
  SiteAnalytics,
  UsersAnalytics,
} from "./answers/analytics.js";

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

export const webVitals = ["LCP", "INP", "CLS", "TTFB"] as const;
export type WebVital = (typeof webVitals)[number];

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

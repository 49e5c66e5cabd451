import { calendarDayText } from "../../shared/calendar";
import { lagosTime, MONTH_NAMES } from "../../shared/lagos-time";
import { COMPANY_TIME_ZONE, zonedClock, zonedDate as zonedDateOf, zonedDateTime, zonedDay } from "../../shared/zoned-time";

/** A calendar day as written ("2026-03-14": a due date, a start date): the same day in every zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "14 March 2026": an instant's date in `zone`, or a calendar day as it is written. Lagos time unless a zone is
 * given: the public pages' visitors read the company's.
 */
export function formatDate(iso: string, zone = COMPANY_TIME_ZONE): string {
  return CALENDAR_DAY.test(iso) ? calendarDayText(iso) : zonedDateOf(iso, zone);
}

/** "March 2026", in Lagos time (the public site's projects). */
export function formatMonth(iso: string): string {
  const { year, month } = lagosTime(iso);
  return `${MONTH_NAMES[month]} ${year}`;
}

type RelativeUnit = "second" | "minute" | "hour" | "day";

const relativeSteps: [limitSeconds: number, unit: RelativeUnit, seconds: number][] = [
  [60, "second", 1],
  [3600, "minute", 60],
  [86_400, "hour", 3600],
  [7 * 86_400, "day", 86_400],
];

/** "3 minutes ago", "in 2 hours", "yesterday": what Intl.RelativeTimeFormat("en", { numeric: "auto" }) writes. */
function relative(count: number, unit: RelativeUnit): string {
  if (unit === "day" && count === -1) return "yesterday";
  if (unit === "day" && count === 1) return "tomorrow";
  const amount = Math.abs(count);
  const units = `${amount} ${unit}${amount === 1 ? "" : "s"}`;
  return count < 0 ? `${units} ago` : `in ${units}`;
}

/** "5 minutes ago", "yesterday"; past a week, the date in `zone`. On a screen, RelativeTime writes it from the shared clock. */
export function formatRelative(iso: string, now: number, zone = COMPANY_TIME_ZONE): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [limit, unit, size] of relativeSteps) {
    if (Math.abs(seconds) < limit) return relative(Math.round(seconds / size), unit);
  }
  return formatDate(iso, zone);
}

/** How a signed-in person's screens write dates and times: in their zone, each time of day with its zone's name. */
export type DateFormats = {
  zone: string;
  /** "14 March 2026" (a calendar day as it is written). */
  date: (iso: string) => string;
  /** "14 March 2026 at 09:05 WAT". */
  dateTime: (iso: string) => string;
  /** "09:05 WAT". */
  time: (iso: string) => string;
  /** "2026-03-14": the instant's day in the zone, to group by and compare. */
  day: (instant: string | number) => string;
  /** "5 minutes ago"; past a week, the date. */
  relative: (iso: string, now: number) => string;
};

const madeFormats = new Map<string, DateFormats>();

/** The formats of a zone; the same object each time, so a screen's memo holds. Screens take theirs from useDateFormats. */
export function formatsIn(zone: string): DateFormats {
  let formats = madeFormats.get(zone);
  if (!formats) {
    formats = {
      zone,
      date: (iso) => formatDate(iso, zone),
      dateTime: (iso) => zonedDateTime(iso, zone),
      time: (iso) => zonedClock(iso, zone),
      day: (instant) => zonedDay(instant, zone),
      relative: (iso, now) => formatRelative(iso, now, zone),
    };
    madeFormats.set(zone, formats);
  }
  return formats;
}

/** Made on first use: the first Intl formatter of a page loads the locale's data (src/shared/lagos-time.ts). */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const nairaFormat = onFirstUse(() => new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", maximumFractionDigits: 0 }));

/** Money is kept in kobo (integers); shown as "₦12,500,000". */
export const formatNaira = (kobo: number) => nairaFormat().format(Math.round(kobo / 100));

const percentFormat = onFirstUse(() => new Intl.NumberFormat("en-NG", { style: "percent", maximumFractionDigits: 0 }));

/** A ratio between 0 and 1 as "42%". */
export const formatPercent = (ratio: number) => percentFormat().format(ratio);

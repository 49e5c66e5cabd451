import { lagosClock, lagosTime, MONTH_NAMES } from "../../shared/lagos-time";

/** "14 March 2026", in Nigerian time whatever the server's or browser's zone. */
export function formatDate(iso: string): string {
  const { year, month, day } = lagosTime(iso);
  return `${day} ${MONTH_NAMES[month]} ${year}`;
}

/** "March 2026". */
export function formatMonth(iso: string): string {
  const { year, month } = lagosTime(iso);
  return `${MONTH_NAMES[month]} ${year}`;
}

/** "14 March 2026 at 09:05", in Nigerian time. */
export const formatDateTime = (iso: string) => `${formatDate(iso)} at ${lagosClock(iso)}`;

/** "09:05", in Nigerian time. */
export const formatTime = (iso: string) => lagosClock(iso);

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

/** "5 minutes ago", "yesterday"; past a week, the date. On a screen, RelativeTime writes it from the shared clock. */
export function formatRelative(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [limit, unit, size] of relativeSteps) {
    if (Math.abs(seconds) < limit) return relative(Math.round(seconds / size), unit);
  }
  return formatDate(iso);
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

const dateFormat = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Lagos" });
const monthFormat = new Intl.DateTimeFormat("en-NG", { month: "long", year: "numeric", timeZone: "Africa/Lagos" });

/** "14 March 2026", in Nigerian time whatever the server's or browser's zone. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** "March 2026". */
export const formatMonth = (iso: string) => monthFormat.format(new Date(iso));

const dateTimeFormat = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Africa/Lagos",
});

/** "14 March 2026 at 09:05", in Nigerian time. */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

const timeFormat = new Intl.DateTimeFormat("en-NG", { hour: "2-digit", minute: "2-digit", timeZone: "Africa/Lagos" });

/** "09:05", in Nigerian time. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));

const relativeFormat = new Intl.RelativeTimeFormat("en-NG", { numeric: "auto" });
const relativeSteps: [limitSeconds: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [60, "second", 1],
  [3600, "minute", 60],
  [86_400, "hour", 3600],
  [7 * 86_400, "day", 86_400],
];

/** "5 minutes ago", "yesterday"; past a week, the date. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  for (const [limit, unit, size] of relativeSteps) {
    if (Math.abs(seconds) < limit) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return formatDate(iso);
}

const nairaFormat = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", maximumFractionDigits: 0 });

/** Money is kept in kobo (integers); shown as "₦12,500,000". */
export const formatNaira = (kobo: number) => nairaFormat.format(Math.round(kobo / 100));

const percentFormat = new Intl.NumberFormat("en-NG", { style: "percent", maximumFractionDigits: 0 });

/** A ratio between 0 and 1 as "42%". */
export const formatPercent = (ratio: number) => percentFormat.format(ratio);

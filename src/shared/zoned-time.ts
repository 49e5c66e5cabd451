import { type LagosTime, lagosTime, MONTH_NAMES } from "./lagos-time.js";

/**
 * Each person's time zone (docs/decisions/123-each-persons-time-zone.md): an IANA name stored on their account, in
 * which the portal's screens and their emails write times, each time of day with its zone's short name ("14:05 WAT",
 * "09:05 GMT"). Lagos, the company's zone and that of most of its people, is worked out by hand as before
 * (src/shared/lagos-time.ts says why); any other zone through Intl, whose formatters are made on first use.
 */
export const COMPANY_TIME_ZONE = "Africa/Lagos";

/** Lagos keeps West Africa Time all year. */
const LAGOS_LABEL = "WAT";

/** The longest name a zone is given ("America/Argentina/ComodRivadavia" is 32 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;

export type ZonedTime = LagosTime & { /** "WAT", "GMT", "BST", "GMT+5:30". */ zone: string };

let supported: Set<string> | null = null;

/** Intl's name for a zone ("Asia/Kolkata" is "Asia/Calcutta" to some versions), or null when Intl knows no such zone. */
function canonicalZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Whether `name` is a time zone a person can choose: one of `Intl.supportedValuesOf("timeZone")`, under its name or
 * another Intl takes for it (a browser and the server may list "Asia/Kolkata" and "Asia/Calcutta" differently), or UTC.
 */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  supported ??= new Set(Intl.supportedValuesOf("timeZone"));
  if (supported.has(name)) return true;
  const canonical = canonicalZone(name);
  return canonical !== null && (canonical === "UTC" || supported.has(canonical));
}

/** Every zone a person can choose, by name; the one given first when it is not listed under that name. */
export function timeZoneNames(current?: string | null): string[] {
  const names = Intl.supportedValuesOf("timeZone");
  const withUtc = names.includes("UTC") ? names : [...names, "UTC"];
  return current && !withUtc.includes(current) ? [current, ...withUtc].sort() : [...withUtc].sort();
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();
const labelFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    partsFormats.set(zone, format);
  }
  return format;
}

/**
 * The English short names a zone is known by where it is kept ("BST" in Britain, "EST" in America, "WAT" in Nigeria,
 * "AEST" in Australia, "IST" in India); a zone none of them names is written as its offset ("GMT+9").
 */
const LABEL_LOCALES = ["en-GB", "en-NG", "en-US", "en-AU", "en-IN"] as const;

function labelFormat(zone: string, locale: string): Intl.DateTimeFormat {
  const key = `${locale} ${zone}`;
  let format = labelFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short", hour: "numeric" });
    labelFormats.set(key, format);
  }
  return format;
}

const labelOf = (format: Intl.DateTimeFormat, instant: Date) =>
  format.formatToParts(instant).find((part) => part.type === "timeZoneName")?.value ?? "";

/** "BST": the zone's short name at that instant (summer and winter differ). */
export function zoneLabel(instant: Date | string | number, zone: string): string {
  if (zone === COMPANY_TIME_ZONE) return LAGOS_LABEL;
  const date = new Date(instant);
  let offset = "";
  for (const locale of LABEL_LOCALES) {
    const label = labelOf(labelFormat(zone, locale), date);
    if (label && !/^(GMT|UTC)[+-]/.test(label)) return label;
    offset ||= label;
  }
  return offset || zone;
}

const labelsByOffset = new Map<string, string>();

/** An instant's date and time in `zone` (month from 0), with the zone's short name. */
export function zonedTime(instant: Date | string | number, zone: string): ZonedTime {
  if (zone === COMPANY_TIME_ZONE) return { ...lagosTime(instant), zone: LAGOS_LABEL };
  const date = new Date(instant);
  const parts: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const time = {
    year: parts.year ?? 0,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
  // A zone's name changes only with its offset (summer and winter): looked up once per offset, not per instant.
  const offsetMinutes = Math.round((Date.UTC(time.year, time.month, time.day, time.hour, time.minute) - date.getTime()) / 60_000);
  const key = `${zone} ${offsetMinutes}`;
  let label = labelsByOffset.get(key);
  if (label === undefined) {
    label = zoneLabel(date, zone);
    labelsByOffset.set(key, label);
  }
  return { ...time, zone: label };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The calendar day of an instant in `zone`, as YYYY-MM-DD (sorts and compares as text). */
export function zonedDay(instant: Date | string | number, zone: string): string {
  const { year, month, day } = zone === COMPANY_TIME_ZONE ? lagosTime(instant) : zonedTime(instant, zone);
  return `${year}-${twoDigits(month + 1)}-${twoDigits(day)}`;
}

/** "09:05 WAT": the time of day on the 24-hour clock, with its zone. */
export function zonedClock(instant: Date | string | number, zone: string): string {
  const { hour, minute, zone: label } = zonedTime(instant, zone);
  return `${twoDigits(hour)}:${twoDigits(minute)} ${label}`;
}

/** "14 March 2026": the calendar day in `zone`, which a whole date needs no label for. */
export function zonedDate(instant: Date | string | number, zone: string): string {
  const { year, month, day } = zone === COMPANY_TIME_ZONE ? lagosTime(instant) : zonedTime(instant, zone);
  return `${day} ${MONTH_NAMES[month]} ${year}`;
}

/** "14 March 2026 at 09:05 WAT": the screens' and the emails' date and time, in `zone`. */
export function zonedDateTime(instant: Date | string | number, zone: string): string {
  const { year, month, day, hour, minute, zone: label } = zonedTime(instant, zone);
  return `${day} ${MONTH_NAMES[month]} ${year} at ${twoDigits(hour)}:${twoDigits(minute)} ${label}`;
}

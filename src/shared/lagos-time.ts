/**
 * Nigeria keeps West Africa Time, UTC+1, all year (no daylight saving): an instant's calendar and clock in Lagos are
 * its UTC ones an hour on. Worked out here rather than through Intl, whose first use in a page loads the locale data
 * (40–75 ms on a two-core machine, four times that on the phones Lighthouse stands for) before the first screen can
 * show a date (docs/decisions/107-dates-without-intl.md).
 */
const WEST_AFRICA_TIME_MS = 3_600_000;

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export type LagosTime = { year: number; month: number; day: number; hour: number; minute: number };

/** An instant's date and time in Lagos; `month` from 0 (January). */
export function lagosTime(instant: Date | string | number): LagosTime {
  const shifted = new Date(new Date(instant).getTime() + WEST_AFRICA_TIME_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The calendar day of an instant in Lagos, as YYYY-MM-DD (sorts and compares as text). */
export function lagosDay(instant: Date | string | number): string {
  const { year, month, day } = lagosTime(instant);
  return `${year}-${twoDigits(month + 1)}-${twoDigits(day)}`;
}

/** "09:05": an instant's time of day in Lagos, on the 24-hour clock. */
export function lagosClock(instant: Date | string | number): string {
  const { hour, minute } = lagosTime(instant);
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

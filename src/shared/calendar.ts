import { lagosDay, MONTH_NAMES } from "./lagos-time.js";

/** The company works on Abuja time (WAT): "today" for due dates and completion dates is Lagos's date, YYYY-MM-DD. */
export const todayInLagos = (now = new Date()) => lagosDay(now);

/** "27 November 2026": a calendar day (YYYY-MM-DD) as the site writes it, whatever the reader's time zone. */
export function calendarDayText(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${day} ${MONTH_NAMES[(month ?? 1) - 1]} ${year}`;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

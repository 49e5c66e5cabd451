import { lagosDay } from "../../../../shared/lagos-time.js";

/**
 * The weeks of the weekly reports: Monday 00:00 to Sunday 24:00 in Lagos, which keeps West Africa Time (UTC+1) all
 * year, so that the arithmetic needs no time-zone data (src/shared/lagos-time.ts).
 */
const WEST_AFRICA_TIME_MS = 3_600_000;
const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** The schedule's hour on Mondays, Lagos time. */
const RUN_HOUR = 7;

/** A week of a report: its first instant and the instant after its last, and its Monday and Sunday as YYYY-MM-DD. */
export type ReportWeek = { start: Date; end: Date; startDay: string; endDay: string };

/** The week (Monday to Sunday, Lagos) that holds this instant. */
export function weekOf(instant: Date): ReportWeek {
  const shifted = new Date(instant.getTime() + WEST_AFRICA_TIME_MS);
  const daysSinceMonday = (shifted.getUTCDay() + 6) % 7;
  const mondayMidnight = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate() - daysSinceMonday);
  const start = new Date(mondayMidnight - WEST_AFRICA_TIME_MS);
  return weekStarting(start);
}

/** The week that starts at this instant (a Monday's midnight in Lagos). */
export function weekStarting(start: Date): ReportWeek {
  const end = new Date(start.getTime() + WEEK_MS);
  return { start, end, startDay: lagosDay(start), endDay: lagosDay(new Date(end.getTime() - DAY_MS)) };
}

/** The week whose Monday is this day (YYYY-MM-DD), as a stored report names it. */
export const weekOfDay = (day: string): ReportWeek => weekOf(new Date(`${day}T12:00:00Z`));

/** The first Monday 07:00 in Lagos after `now`: when the schedule next makes the reports. */
export function nextReportRun(now: Date): Date {
  const thisMonday = weekOf(now).start.getTime() + RUN_HOUR * 3_600_000;
  return new Date(thisMonday > now.getTime() ? thisMonday : thisMonday + WEEK_MS);
}

/** The week a run of the schedule reports: the one that ended on the Sunday before it. */
export const weekReportedAt = (run: Date): ReportWeek => weekStarting(new Date(weekOf(run).start.getTime() - WEEK_MS));

/** The company works on Abuja time (WAT): "today" for due dates and completion dates is Lagos's date. */
const lagosDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos", year: "numeric", month: "2-digit", day: "2-digit" });

/** YYYY-MM-DD in Africa/Lagos. */
export const todayInLagos = (now = new Date()) => lagosDate.format(now);

/** The date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

import type { ChatMessage } from "../../../shared/conversations";
import { formatDate } from "../../lib/format";

const DAY_MS = 86_400_000;
// en-CA writes dates as YYYY-MM-DD: a day's key that sorts and compares as text.
const dayKeyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" });

/** The calendar day (Nigerian time) of an instant, as YYYY-MM-DD. */
export const lagosDay = (instant: string | number) => dayKeyFormat.format(new Date(instant));

export type DayOfMessages = { day: string; messages: ChatMessage[] };

/** Messages (oldest first) in runs of the same day. */
export function groupByDay(messages: readonly ChatMessage[]): DayOfMessages[] {
  const days: DayOfMessages[] = [];
  for (const message of messages) {
    const day = lagosDay(message.createdAt);
    const current = days.at(-1);
    if (current?.day === day) current.messages.push(message);
    else days.push({ day, messages: [message] });
  }
  return days;
}

/** "Today", "Yesterday", or the date. */
export function dayLabel(day: string, now = Date.now()): string {
  if (day === lagosDay(now)) return "Today";
  if (day === lagosDay(now - DAY_MS)) return "Yesterday";
  return formatDate(day);
}

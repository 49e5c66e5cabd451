import type { ChatMessage } from "../../../shared/conversations";
import type { DateFormats } from "../../lib/format";

const DAY_MS = 86_400_000;

export type DayOfMessages = { day: string; messages: ChatMessage[] };

/** Messages (oldest first) in runs of the same day in the reader's zone. */
export function groupByDay(messages: readonly ChatMessage[], formats: DateFormats): DayOfMessages[] {
  const days: DayOfMessages[] = [];
  for (const message of messages) {
    const day = formats.day(message.createdAt);
    const current = days.at(-1);
    if (current?.day === day) current.messages.push(message);
    else days.push({ day, messages: [message] });
  }
  return days;
}

/** "Today", "Yesterday", or the date, in the reader's zone. */
export function dayLabel(day: string, formats: DateFormats, now = Date.now()): string {
  if (day === formats.day(now)) return "Today";
  if (day === formats.day(now - DAY_MS)) return "Yesterday";
  return formats.date(day);
}

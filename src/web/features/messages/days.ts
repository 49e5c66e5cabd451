import type { ChatMessage } from "../../../shared/conversations";
import { lagosDay } from "../../../shared/lagos-time";
import { formatDate } from "../../lib/format";

const DAY_MS = 86_400_000;

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

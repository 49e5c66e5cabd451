import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/conversations";
import { lagosDay } from "../../../shared/lagos-time";
import { COMPANY_TIME_ZONE } from "../../../shared/zoned-time";
import { formatsIn } from "../../lib/format";
import { dayLabel, groupByDay } from "./days";

const lagos = formatsIn(COMPANY_TIME_ZONE);
const london = formatsIn("Europe/London");

const at = (id: number, createdAt: string): ChatMessage => ({
  id,
  conversationId: 1,
  author: null,
  body: "",
  bodyHtml: "",
  attachments: [],
  createdAt,
});

describe("messages by day", () => {
  it("counts days in Nigerian time: 23:30 UTC is already the next day in Abuja", () => {
    expect(lagosDay("2026-03-14T23:30:00Z")).toBe("2026-03-15");
    expect(lagosDay("2026-03-14T22:30:00Z")).toBe("2026-03-14");
  });

  it("puts consecutive messages of one day together, in order", () => {
    const groups = groupByDay([at(1, "2026-03-14T08:00:00Z"), at(2, "2026-03-14T18:00:00Z"), at(3, "2026-03-15T08:00:00Z")], lagos);
    expect(groups.map((group) => [group.day, group.messages.map((message) => message.id)])).toEqual([
      ["2026-03-14", [1, 2]],
      ["2026-03-15", [3]],
    ]);
  });

  it("names today and yesterday, and dates the days before", () => {
    const now = Date.parse("2026-03-15T10:00:00Z");
    expect(dayLabel("2026-03-15", lagos, now)).toBe("Today");
    expect(dayLabel("2026-03-14", lagos, now)).toBe("Yesterday");
    expect(dayLabel("2026-03-10", lagos, now)).toBe("10 March 2026");
  });

  it("counts days in the reader's zone: 23:30 UTC is still the same day in London", () => {
    const late = [at(1, "2026-03-14T23:30:00Z"), at(2, "2026-03-14T22:00:00Z")];
    expect(groupByDay(late, london).map((group) => group.day)).toEqual(["2026-03-14"]);
    expect(groupByDay(late, lagos).map((group) => group.day)).toEqual(["2026-03-15", "2026-03-14"]);
    expect(dayLabel("2026-03-14", london, Date.parse("2026-03-14T23:30:00Z"))).toBe("Today");
    expect(dayLabel("2026-03-14", lagos, Date.parse("2026-03-14T23:30:00Z"))).toBe("Yesterday");
  });
});

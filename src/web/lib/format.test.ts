import { describe, expect, it } from "vitest";
import { COMPANY_TIME_ZONE } from "../../shared/zoned-time";
import { formatDate, formatMonth, formatRelative, formatsIn } from "./format";

const lagos = formatsIn(COMPANY_TIME_ZONE);
const formatDateTime = lagos.dateTime;
const formatTime = lagos.time;

// What the formatters replaced: Intl in Nigerian English and Lagos's zone. They must write exactly the same.
const intl = {
  date: new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Lagos" }),
  month: new Intl.DateTimeFormat("en-NG", { month: "long", year: "numeric", timeZone: "Africa/Lagos" }),
  dateTime: new Intl.DateTimeFormat("en-NG", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Africa/Lagos",
  }),
  time: new Intl.DateTimeFormat("en-NG", { hour: "2-digit", minute: "2-digit", timeZone: "Africa/Lagos" }),
  relative: new Intl.RelativeTimeFormat("en-NG", { numeric: "auto" }),
};

describe("dates and times in Nigerian time, without Intl", () => {
  // Every 7 hours and 13 minutes over six years: each month, hour and the days around midnight in Lagos.
  const instants = Array.from({ length: 7500 }, (_, index) => new Date(Date.UTC(2022, 0, 1) + index * (7 * 60 + 13) * 60_000));

  it("write what Intl writes for en-NG in Africa/Lagos", () => {
    for (const instant of instants) {
      const iso = instant.toISOString();
      expect(formatDate(iso), iso).toBe(intl.date.format(instant));
      expect(formatMonth(iso), iso).toBe(intl.month.format(instant));
      expect(formatDateTime(iso), iso).toBe(`${intl.dateTime.format(instant)} WAT`);
      expect(formatTime(iso), iso).toBe(`${intl.time.format(instant)} WAT`);
    }
  });

  it("take the Lagos date at midnight, an hour ahead of UTC", () => {
    expect(formatDateTime("2026-03-14T23:30:00Z")).toBe("15 March 2026 at 00:30 WAT");
    expect(formatDate("2026-12-31T22:59:00Z")).toBe("31 December 2026");
    expect(formatDate("2026-12-31T23:00:00Z")).toBe("1 January 2027");
  });
});

describe("formatRelative", () => {
  const now = Date.UTC(2026, 10, 23, 12);
  const offsets = [-30, 44, -45, 59, -60, 61, -89, 90, -3599, 3600, -5400, 86_399, -86_400, 129_600, -172_800, 604_799];

  it("writes what Intl.RelativeTimeFormat writes, 'just now' under 45 seconds", () => {
    const steps: [number, Intl.RelativeTimeFormatUnit, number][] = [
      [60, "second", 1],
      [3600, "minute", 60],
      [86_400, "hour", 3600],
      [7 * 86_400, "day", 86_400],
    ];
    for (const seconds of offsets) {
      const iso = new Date(now + seconds * 1000).toISOString();
      const step = steps.find(([limit]) => Math.abs(seconds) < limit);
      const expected = Math.abs(seconds) < 45 ? "just now" : step ? intl.relative.format(Math.round(seconds / step[2]), step[1]) : "";
      expect(formatRelative(iso, now), `${seconds} s`).toBe(expected);
    }
  });

  it("says yesterday and tomorrow, and gives the date past a week", () => {
    expect(formatRelative(new Date(now - 86_400_000).toISOString(), now)).toBe("yesterday");
    expect(formatRelative(new Date(now + 86_400_000).toISOString(), now)).toBe("tomorrow");
    expect(formatRelative(new Date(now - 8 * 86_400_000).toISOString(), now)).toBe("15 November 2026");
  });
});

describe("dates and times in the reader's zone", () => {
  // Every 11 hours and 17 minutes over two years: both sides of each change of clocks in London and New York.
  const instants = Array.from({ length: 1600 }, (_, index) => new Date(Date.UTC(2025, 0, 1) + index * (11 * 60 + 17) * 60_000));
  const zones = [
    { zone: "Europe/London", labels: ["GMT", "BST"] },
    { zone: "America/New_York", labels: ["EST", "EDT"] },
    { zone: "Asia/Tokyo", labels: ["GMT+9"] },
    { zone: "UTC", labels: ["UTC"] },
  ];

  it("write the zone's calendar and clock, as Intl does, with the zone's short name", () => {
    for (const { zone, labels } of zones) {
      const formats = formatsIn(zone);
      const date = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "long", year: "numeric", timeZone: zone });
      const clock = new Intl.DateTimeFormat("en-NG", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });
      for (const instant of instants) {
        const iso = instant.toISOString();
        const time = formats.time(iso);
        const [hhmm, label] = time.split(" ");
        expect(hhmm, `${zone} ${iso}`).toBe(clock.format(instant));
        expect(labels, `${zone} ${iso}`).toContain(label);
        expect(formats.date(iso), `${zone} ${iso}`).toBe(date.format(instant));
        expect(formats.dateTime(iso)).toBe(`${date.format(instant)} at ${time}`);
      }
    }
  });

  it("say summer time in London and the same instant in Lagos", () => {
    const iso = "2026-07-01T13:05:00Z";
    expect(formatsIn("Europe/London").dateTime(iso)).toBe("1 July 2026 at 14:05 BST");
    expect(formatsIn("Europe/London").time("2026-01-01T09:05:00Z")).toBe("09:05 GMT");
    expect(lagos.dateTime(iso)).toBe("1 July 2026 at 14:05 WAT");
  });

  it("write a calendar day (a due date) as it is, whatever the zone", () => {
    expect(formatsIn("America/Los_Angeles").date("2026-03-14")).toBe("14 March 2026");
    expect(formatsIn("Pacific/Kiritimati").date("2026-03-14")).toBe("14 March 2026");
  });
});

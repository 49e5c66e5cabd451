import { describe, expect, it } from "vitest";
import { pdfText } from "../../../platform/pdf-text.js";
import { createReportLinks } from "./report-links.js";
import { nextReportRun, weekOf, weekOfDay, weekReportedAt } from "./week.js";

describe("the weekly reports' weeks", () => {
  it("runs next on Monday at 07:00 Lagos time (06:00 UTC), strictly after now", () => {
    // Friday 27 November 2026, 18:30 UTC.
    expect(nextReportRun(new Date("2026-11-27T18:30:00Z")).toISOString()).toBe("2026-11-30T06:00:00.000Z");
    // Monday 30 November, 06:59 in Lagos: the same morning; at 07:00 exactly and after it: the next Monday.
    expect(nextReportRun(new Date("2026-11-30T05:59:59Z")).toISOString()).toBe("2026-11-30T06:00:00.000Z");
    expect(nextReportRun(new Date("2026-11-30T06:00:00Z")).toISOString()).toBe("2026-12-07T06:00:00.000Z");
    // Sunday 23:30 UTC is already Monday 00:30 in Lagos.
    expect(nextReportRun(new Date("2026-11-29T23:30:00Z")).toISOString()).toBe("2026-11-30T06:00:00.000Z");
    // Across a year's end.
    expect(nextReportRun(new Date("2026-12-31T12:00:00Z")).toISOString()).toBe("2027-01-04T06:00:00.000Z");
  });

  it("reports the week that ended on the Sunday before the run, Monday to Sunday in Lagos", () => {
    const week = weekReportedAt(new Date("2026-11-30T06:00:00Z"));
    expect(week).toMatchObject({ startDay: "2026-11-23", endDay: "2026-11-29" });
    expect(week.start.toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-11-29T23:00:00.000Z");
    expect(weekOf(new Date("2026-11-22T23:00:00Z")).startDay).toBe("2026-11-23");
    expect(weekOf(new Date("2026-11-22T22:59:59Z")).startDay).toBe("2026-11-16");
    expect(weekOfDay("2026-11-23")).toEqual(week);
  });
});

describe("report links", () => {
  const links = createReportLinks("a-signing-secret-of-more-than-32-characters");

  it("opens one report of one project for 30 days, and nothing when tampered, forged or of another kind", () => {
    const token = links.reportToken(7, 3);
    expect(links.checkReportToken(token)).toMatchObject({ ok: true, claims: { reportId: 7, projectId: 3 } });
    expect(token.length).toBeLessThanOrEqual(100);
    expect(links.checkReportToken(token.replace(/^7\./, "8."))).toEqual({ ok: false, reason: "broken" });
    expect(links.checkReportToken(`${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`)).toEqual({ ok: false, reason: "broken" });
    expect(createReportLinks("another-signing-secret-of-32-characters!").checkReportToken(token)).toEqual({ ok: false, reason: "broken" });
    expect(links.checkReportToken(links.unsubscribeToken("0b6f3c1e-0000-4000-8000-000000000001"))).toEqual({ ok: false, reason: "broken" });
    expect(links.unsubscribeUserOf(token)).toBeNull();
    expect(links.checkReportToken("not.a.token")).toEqual({ ok: false, reason: "broken" });

    const issued = new Date("2026-11-01T08:00:00Z");
    const old = links.reportToken(7, 3, issued);
    expect(links.checkReportToken(old, new Date("2026-12-01T07:59:00Z")).ok).toBe(true);
    expect(links.checkReportToken(old, new Date("2026-12-01T08:01:00Z"))).toEqual({ ok: false, reason: "expired" });
  });

  it("names the account whose weekly report emails an unsubscribe link turns off", () => {
    const token = links.unsubscribeToken("0b6f3c1e-0000-4000-8000-000000000001");
    expect(token.length).toBeLessThanOrEqual(100);
    expect(links.unsubscribeUserOf(token)).toBe("0b6f3c1e-0000-4000-8000-000000000001");
    expect(links.unsubscribeUserOf(token.replace("0b6f", "0b6e"))).toBeNull();
  });
});

describe("text in the report's PDF", () => {
  it("keeps what Helvetica writes, drops marks it cannot, and shows '?' for the rest", () => {
    expect(pdfText("Café “Ọbáfẹ́mi” — 45%\tdone 🏗")).toBe("Café “Obáfemi” — 45% done ?");
  });
});

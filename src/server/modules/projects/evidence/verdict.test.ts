import { describe, expect, it } from "vitest";
import { distanceMetres } from "../../../../shared/geo.js";
import type { ProjectSite } from "../../../../shared/projects.js";
import { type CaptureFacts, judgeCapture } from "./verdict.js";

/** A site in Maitama, Abuja, 80 m across. */
const site: ProjectSite = { latitude: 9.0826, longitude: 7.4951, radiusMetres: 80 };
const received = new Date("2026-11-27T10:00:00Z");
const minutesBefore = (minutes: number) => new Date(received.getTime() - minutes * 60_000);
/** 2 km north of the site (a degree of latitude is about 111 km). */
const twoKmAway = { latitude: site.latitude + 2 / 111.2, longitude: site.longitude };
const onSite = { latitude: site.latitude + 0.0002, longitude: site.longitude };

const camera = (overrides: Partial<CaptureFacts> = {}): CaptureFacts => ({
  source: "camera",
  capturedAt: minutesBefore(1),
  position: { ...onSite, accuracyMetres: 12 },
  receivedAt: received,
  queuedAt: null,
  exif: { takenAt: null, position: null },
  ...overrides,
});
const gallery = (exif: CaptureFacts["exif"]): CaptureFacts => ({ ...camera(), source: "library", exif });

describe("the verdict on a photo", () => {
  it("measures distances on the Earth", () => {
    expect(distanceMetres(site, twoKmAway)).toBeGreaterThan(1990);
    expect(distanceMetres(site, twoKmAway)).toBeLessThan(2010);
  });

  it("verifies a camera photo taken on the site and sent at once", () => {
    expect(judgeCapture(camera(), site)).toMatchObject({ verdict: "verified", distanceMetres: 22 });
  });

  it("allows for the phone's accuracy at the edge of the site, but not for a vague position", () => {
    const justOutside = { latitude: site.latitude + 95 / 111_200, longitude: site.longitude };
    expect(judgeCapture(camera({ position: { ...justOutside, accuracyMetres: 20 } }), site).verdict).toBe("verified");
    expect(judgeCapture(camera({ position: { ...justOutside, accuracyMetres: 5 } }), site)).toMatchObject({
      verdict: "outside_site",
      distanceMetres: 95,
    });
    expect(judgeCapture(camera({ position: { ...twoKmAway, accuracyMetres: 5000 } }), site).verdict).toBe("unverified");
  });

  it("says how far a camera photo taken 2 km away was", () => {
    const judged = judgeCapture(camera({ position: { ...twoKmAway, accuracyMetres: 10 } }), site);
    expect(judged.verdict).toBe("outside_site");
    expect(judged.reason).toBe("Taken 2.0 km from the site.");
  });

  it("verifies a photo queued offline within 15 minutes of its capture, not one held for hours", () => {
    const queuedOffline = camera({ capturedAt: minutesBefore(6 * 60), queuedAt: minutesBefore(6 * 60 - 2) });
    expect(judgeCapture(queuedOffline, site).verdict).toBe("verified");
    const heldBack = judgeCapture(camera({ capturedAt: minutesBefore(6 * 60) }), site);
    expect(heldBack).toMatchObject({ verdict: "unverified", reason: "Taken 6 hours before it was sent." });
  });

  it("does not verify a gallery photo without its own time and place, nor one taken a month before", () => {
    expect(judgeCapture(gallery({ takenAt: null, position: null }), site).verdict).toBe("unverified");
    const monthOld = judgeCapture(gallery({ takenAt: minutesBefore(30 * 24 * 60), position: onSite }), site);
    expect(monthOld).toMatchObject({
      verdict: "unverified",
      reason: "Picked from the phone's gallery; its own time is 30 days before it was sent.",
    });
    expect(judgeCapture(gallery({ takenAt: minutesBefore(2), position: twoKmAway }), site).verdict).toBe("outside_site");
  });

  it("cannot judge anything where the project has no site", () => {
    expect(judgeCapture(camera(), null).verdict).toBe("unverified");
  });
});

import { createHash } from "node:crypto";
import { isbot } from "isbot";
import type { Beacon, DeviceClass } from "../../../shared/analytics.js";
import type { AppDb } from "../../db/client.js";
import { pageViews } from "../../db/schema.js";
import { createDailySalt } from "./salt.js";

/** Where a beacon came from: what the visitor hash is made of, and their privacy signals. */
export type BeaconOrigin = { ipAddress: string; userAgent: string | undefined; doNotTrack: boolean };

export type CollectOutcome = "recorded" | "declined" | "bot";

const deviceOf = (width: number): DeviceClass => (width < 768 ? "mobile" : width < 1024 ? "tablet" : "desktop");

/** The referring site's host name; none for this site, a missing or an unreadable address. */
function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    const host = url.hostname.toLowerCase();
    return host === ownHost ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

/**
 * POST /api/analytics/collect: stores one beacon of the public pages without anything personal. The visitor is
 * a hash of address, browser and the day's salt; a visitor asking not to be tracked, or a known bot, is not counted.
 */
export function createCollector({ db, publicOrigin, now = () => new Date() }: { db: AppDb; publicOrigin: string; now?: () => Date }) {
  const saltOf = createDailySalt(db);
  const ownHost = new URL(publicOrigin).hostname.toLowerCase();

  async function visitorOf(origin: BeaconOrigin, at: Date) {
    const salt = await saltOf(at.toISOString().slice(0, 10));
    return createHash("sha256")
      .update(`${salt}\n${origin.ipAddress}\n${origin.userAgent ?? ""}`)
      .digest("base64url")
      .slice(0, 22);
  }

  return async function collect(beacon: Beacon, origin: BeaconOrigin): Promise<CollectOutcome> {
    if (origin.doNotTrack) return "declined";
    if (!origin.userAgent || isbot(origin.userAgent)) return "bot";
    const at = now();
    await db.insert(pageViews).values({
      kind: beacon.kind,
      path: beacon.path,
      referrer: beacon.kind === "pageview" ? referrerHost(beacon.referrer, ownHost) : null,
      device: deviceOf(beacon.width),
      visitor: await visitorOf(origin, at),
      value: beacon.kind === "pageview" ? null : beacon.value,
      createdAt: at,
    });
    return "recorded";
  };
}

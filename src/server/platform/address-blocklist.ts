import { BlockList, isIPv4 } from "node:net";
import { gt, isNull, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api.js";
import { wording } from "../../shared/wording.js";
import type { AppDb } from "../db/client.js";
import { addressBlocks } from "../db/schema.js";
import { addressKey, IPV6_NETWORK_PREFIX, plainAddress } from "./client-address.js";
import type { RealtimeHub } from "./realtime-hub.js";
import { recordSecurityEvent } from "./security-log.js";
import { onSiteEvent, publishBlocklistChanged } from "./site-events.js";

/** A refused address is logged at most once in this time, so a blocked script cannot fill the access log. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * The address or range as a BlockList takes it. An IPv6 address, or a range narrower than a /64, blocks its whole /64:
 * its owner can take any address in it (client-address.ts).
 */
function addTo(list: BlockList, entry: string) {
  const [base = "", prefix] = entry.split("/");
  if (isIPv4(base)) {
    if (prefix === undefined) list.addAddress(base, "ipv4");
    else list.addSubnet(base, Number(prefix), "ipv4");
    return;
  }
  const bits = prefix === undefined ? 128 : Number(prefix);
  if (bits > IPV6_NETWORK_PREFIX) addTo(list, addressKey(base));
  else list.addSubnet(base, bits, "ipv6");
}

/** Whether an address falls in this address or range (used to refuse an admin blocking themselves). */
export function addressMatches(entry: string, ip: string): boolean {
  const list = new BlockList();
  addTo(list, entry);
  const address = plainAddress(ip);
  return list.check(address, isIPv4(address) ? "ipv4" : "ipv6");
}

/**
 * The address blocklist, enforced before any route (an onRequest hook at the root, ahead of the API, pages and
 * files): a refused request answers 403 with the access-denied wording and is logged. The list lives in the
 * database, so every instance enforces the same one; each keeps a copy, read again when an admin changes the list
 * (the site event reaches every instance) or when its earliest expiry passes.
 */
export function registerAddressBlocklist(app: FastifyInstance, deps: { db: AppDb; hub: RealtimeHub }) {
  let cached: Promise<{ list: BlockList; empty: boolean; validUntil: number }> | null = null;
  const lastLogged = new Map<string, number>();

  async function load() {
    const now = new Date();
    const rows = await deps.db
      .select({ address: addressBlocks.address, expiresAt: addressBlocks.expiresAt })
      .from(addressBlocks)
      .where(or(isNull(addressBlocks.expiresAt), gt(addressBlocks.expiresAt, now)));
    const list = new BlockList();
    for (const row of rows) addTo(list, row.address);
    const expiries = rows.flatMap((row) => (row.expiresAt ? [row.expiresAt.getTime()] : []));
    return { list, empty: rows.length === 0, validUntil: Math.min(Infinity, ...expiries) };
  }

  async function current() {
    const held = cached ? await cached : null;
    if (held && held.validUntil > Date.now()) return held;
    cached = load();
    cached.catch(() => {
      cached = null;
    });
    return cached;
  }

  const stop = onSiteEvent(deps.hub, (event) => {
    if (event.type === "blocklist.changed") cached = null;
  });
  app.addHook("onClose", async () => stop());

  app.addHook("onRequest", async (request) => {
    const blocklist = await current();
    if (blocklist.empty) return;
    const address = plainAddress(request.ip);
    if (!blocklist.list.check(address, isIPv4(address) ? "ipv4" : "ipv6")) return;
    const now = Date.now();
    const key = addressKey(address);
    if ((lastLogged.get(key) ?? 0) < now - REFUSAL_LOG_INTERVAL_MS) {
      lastLogged.set(key, now);
      if (lastLogged.size > 10_000) lastLogged.clear();
      await recordSecurityEvent(
        deps.db,
        { type: "address_blocked", outcome: "failure", reason: `${request.method} ${request.url.split("?")[0]}`.slice(0, 200) },
        { ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null },
      );
    }
    throw new ApiError(403, wording.accessDenied, "address_blocked");
  });

  return {
    /** Drops this instance's copy and tells the others to drop theirs. */
    async changed() {
      cached = null;
      await publishBlocklistChanged(deps.hub);
    },
  };
}

import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { ApiError } from "../../../shared/api.js";
import { type AddressBlock, type blockSchema, securityMessages } from "../../../shared/security.js";
import type { AppDb } from "../../db/client.js";
import { addressBlocks } from "../../db/schema.js";
import { addressMatches } from "../../platform/address-blocklist.js";
import { addressKey, IPV6_NETWORK_PREFIX } from "../../platform/client-address.js";

type BlockRecord = typeof addressBlocks.$inferSelect;

const toBlock = (row: BlockRecord): AddressBlock => ({
  id: row.id,
  address: row.address,
  reason: row.reason,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  alertId: row.alertId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * As stored: lower case, a full-length IPv4 prefix (203.0.113.7/32) dropped (it is one address), and an IPv6 address
 * or a range narrower than a /64 widened to its /64, which is what is blocked (client-address.ts).
 */
function normalised(input: string): string {
  const address = input.trim().toLowerCase();
  const [base = "", prefix] = address.split("/");
  if (!base.includes(":")) return prefix === "32" ? base : address;
  return Number(prefix ?? 128) > IPV6_NETWORK_PREFIX ? addressKey(base) : address;
}

/** The admins' list of blocked addresses and ranges; `changed` tells every instance to read it again. */
export function createBlocklist(deps: { db: AppDb; changed: () => Promise<void> }) {
  const { db } = deps;
  return {
    async list(): Promise<AddressBlock[]> {
      return (await db.select().from(addressBlocks).orderBy(desc(addressBlocks.id))).map(toBlock);
    },

    /** Blocks an address or range; never the admin's own address (they would lock themselves out). */
    async add(input: z.output<typeof blockSchema>, admin: { id: string; ipAddress: string }): Promise<AddressBlock> {
      const address = normalised(input.address);
      if (addressMatches(address, admin.ipAddress))
        throw new ApiError(409, securityMessages.ownAddress, "own_address", { address: securityMessages.ownAddress });
      const [row] = await db
        .insert(addressBlocks)
        .values({
          address,
          reason: input.reason,
          expiresAt: input.expiresAt ?? null,
          alertId: input.alertId ?? null,
          createdById: admin.id,
        })
        .returning();
      if (!row) throw new Error("address block insert returned no row");
      await deps.changed();
      return toBlock(row);
    },

    async remove(id: number): Promise<void> {
      const removed = await db.delete(addressBlocks).where(eq(addressBlocks.id, id)).returning({ id: addressBlocks.id });
      if (removed.length === 0) throw new ApiError(404, securityMessages.blockNotFound, "not_found");
      await deps.changed();
    },
  };
}

export type Blocklist = ReturnType<typeof createBlocklist>;

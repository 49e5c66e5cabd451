import { desc, eq } from "drizzle-orm";
import type { z } from "zod";
import { ApiError } from "../../../shared/api.js";
import { type AddressBlock, type blockSchema, securityMessages } from "../../../shared/security.js";
import type { AppDb } from "../../db/client.js";
import { addressBlocks } from "../../db/schema.js";
import { addressMatches } from "../../platform/address-blocklist.js";
import { addressKey, IPV6_NETWORK_PREFIX } from "../../platform/client-address.js";
import { type AdminActor, recordAdminAction } from "../admin/index.js";

type BlockRecord = typeof addressBlocks.$inferSelect;

const toBlock = (row: BlockRecord): AddressBlock => ({
  id: row.id,
  address: row.address,
  reason: row.reason,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  alertId: row.alertId,
  createdAt: row.createdAt.toISOString(),
});

const targetOf = (block: AddressBlock) => ({ id: String(block.id), label: block.address });
const auditedBlock = ({ address, reason, expiresAt, alertId }: AddressBlock) => ({ address, reason, expiresAt, alertId });

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

    /** Blocks an address or range, with its audit line; never the admin's own address (they would lock themselves out). */
    async add(input: z.output<typeof blockSchema>, admin: AdminActor): Promise<AddressBlock> {
      const address = normalised(input.address);
      if (addressMatches(address, admin.ipAddress))
        throw new ApiError(409, securityMessages.ownAddress, "own_address", { address: securityMessages.ownAddress });
      const block = await db.transaction(async (tx) => {
        const [row] = await tx
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
        const block = toBlock(row);
        await recordAdminAction(tx, admin, { action: "address.blocked", target: targetOf(block), after: auditedBlock(block) });
        return block;
      });
      await deps.changed();
      return block;
    },

    /** Lifts a block, with its audit line (what the block was, so that it can be put back). */
    async remove(id: number, admin: AdminActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(addressBlocks).where(eq(addressBlocks.id, id)).returning();
        if (!row) throw new ApiError(404, securityMessages.blockNotFound, "not_found");
        const block = toBlock(row);
        await recordAdminAction(tx, admin, { action: "address.unblocked", target: targetOf(block), before: auditedBlock(block) });
      });
      await deps.changed();
    },
  };
}

export type Blocklist = ReturnType<typeof createBlocklist>;

import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { AppDb } from "../../../db/client.js";
import { oidcFlows } from "../../../db/schema.js";
import { randomToken, sha256 } from "../secrets.js";

const MINUTE = 60_000;
/** Long enough to type a password at the provider, short enough that a stolen state is soon useless. */
export const FLOW_MINUTES = 10;

type FlowRow = typeof oidcFlows.$inferSelect;
export type FlowStart = Omit<typeof oidcFlows.$inferInsert, "id" | "stateHash" | "expiresAt" | "consumedAt" | "createdAt">;

/** Provider round trips and pending links, keyed by the hash of their secret (the OAuth state, or a link token). */
export function createOidcFlows(db: AppDb) {
  return {
    /** Keeps a flow for FLOW_MINUTES under this secret (a new random one by default); old flows are swept here. */
    async open(flow: FlowStart, secret = randomToken()) {
      await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, new Date(Date.now() - 60 * MINUTE)));
      await db.insert(oidcFlows).values({ ...flow, stateHash: sha256(secret), expiresAt: new Date(Date.now() + FLOW_MINUTES * MINUTE) });
      return secret;
    },

    /** The open flow of this secret and purpose, left open. */
    async find(secret: string, purpose: FlowRow["purpose"]): Promise<FlowRow | null> {
      const [flow] = await db
        .select()
        .from(oidcFlows)
        .where(and(eq(oidcFlows.stateHash, sha256(secret)), isNull(oidcFlows.consumedAt), gt(oidcFlows.expiresAt, new Date())));
      return flow?.purpose === purpose ? flow : null;
    },

    /** Uses up the open flow of this secret and purpose: it works once, however many requests race for it. */
    async consume(secret: string, purposes: FlowRow["purpose"][]): Promise<FlowRow | null> {
      const [flow] = await db
        .update(oidcFlows)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcFlows.stateHash, sha256(secret)), isNull(oidcFlows.consumedAt), gt(oidcFlows.expiresAt, new Date())))
        .returning();
      return flow && purposes.includes(flow.purpose) ? flow : null;
    },
  };
}

export type OidcFlows = ReturnType<typeof createOidcFlows>;

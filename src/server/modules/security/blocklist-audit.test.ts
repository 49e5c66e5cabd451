import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addressBlocks } from "../../db/schema.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

const auditOf = async (auth: Record<string, string>, action: string) =>
  (await call(`/admin/audit-log?action=${action}`, undefined, auth)).body.data.items as Record<string, unknown>[];

describe("the address blocklist in the audit log", () => {
  it("records who blocked and unblocked an address, from where, and what the block was", async () => {
    const admin = await people.admin();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const added = await call("/admin/security/blocklist", { address: "203.0.113.0/24", reason: "Scripted attack", expiresAt }, admin.auth);
    expect(added.status).toBe(201);
    const block = { address: "203.0.113.0/24", reason: "Scripted attack", expiresAt, alertId: null };
    const [blocked] = await auditOf(admin.auth, "address.blocked");
    expect(blocked).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetId: String(added.body.data.id),
      targetLabel: "203.0.113.0/24",
      before: null,
      after: block,
      ipAddress: "127.0.0.1",
    });

    expect((await call(`/admin/security/blocklist/${added.body.data.id}`, undefined, admin.auth, "DELETE")).status).toBe(200);
    const [unblocked] = await auditOf(admin.auth, "address.unblocked");
    expect(unblocked).toMatchObject({ actorId: admin.id, targetLabel: "203.0.113.0/24", before: block, after: null });
  });

  it("writes no line for a refused block or an unknown one, and no block without its line", async () => {
    const admin = await people.admin();
    expect((await call("/admin/security/blocklist", { address: "127.0.0.1", reason: "Mine" }, admin.auth)).status).toBe(409);
    expect((await call("/admin/security/blocklist/424242", undefined, admin.auth, "DELETE")).status).toBe(404);
    // The audit log refusing its line (as if its table failed) leaves the block unsaved.
    const { db } = await testDatabase();
    await db.execute(sql`alter table admin_audit_log add constraint no_blocks check (action <> 'address.blocked') not valid`);
    try {
      const failed = await call("/admin/security/blocklist", { address: "198.51.100.7", reason: "Spam" }, admin.auth);
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql`alter table admin_audit_log drop constraint no_blocks`);
    }
    expect(await db.select().from(addressBlocks)).toEqual([]);
    expect(await auditOf(admin.auth, "address.blocked")).toEqual([]);
    expect(await auditOf(admin.auth, "address.unblocked")).toEqual([]);
  });
});

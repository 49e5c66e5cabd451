import { describe, expect, it } from "vitest";
import { setUpTwoInstances } from "../../testing/two-instances.js";

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("the blocklist on two instances sharing one database and Redis (skipped: set TEST_REDIS_URL to run)", () => {
  const { call, people, second } = setUpTwoInstances(redisUrl ?? "", { TRUST_PROXY: "1" });
  const fromAttacker = { "x-forwarded-for": "203.0.113.50" };
  const onSecond = async () => (await fetch(second().url("/api/content/company"), { headers: fromAttacker })).status;
  /** The other instance hears the change through Redis: its answer follows within moments. */
  const eventually = async (expected: number) => {
    const deadline = Date.now() + 3000;
    while ((await onSecond()) !== expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await onSecond()).toBe(expected);
  };

  it("a block added on one instance is refused by the other, which had already read the list, and lifted there when removed", async () => {
    const admin = await people.admin();
    expect(await onSecond()).toBe(200);
    const added = await call("/admin/security/blocklist", { address: "203.0.113.0/26", reason: "Scripted attack" }, admin.auth);
    expect(added.status).toBe(201);
    expect((await call("/content/company", undefined, fromAttacker)).status).toBe(403);
    await eventually(403);
    expect((await call(`/admin/security/blocklist/${added.body.data.id}`, undefined, admin.auth, "DELETE")).status).toBe(200);
    await eventually(200);
  });
});

import { describe, expect, it } from "vitest";
import { person } from "../../testing/accounts.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

// A fresh server per test: the per-address counters start at zero.
const { call, registerVerified } = setUpTestServer();

describe("per-address limits on the account endpoints", () => {
  it.each([
    ["registration", 10, (attempt: number) => call("/auth/register", person(`new${attempt}@example.com`))],
    ["email code checks", 10, () => call("/auth/verify-otp", { email: "someone@example.com", code: "000000" })],
    ["new email codes", 5, () => call("/auth/resend-verification", { email: "someone@example.com" })],
    ["password reset requests", 5, () => call("/auth/forgot-password", { email: "someone@example.com" })],
    [
      "password reset attempts",
      10,
      () => call("/auth/reset-password", { email: "someone@example.com", code: "000000", newPassword: "whatever-2026" }),
    ],
  ])("limits %s to %i per address, then answers 429 saying how long to wait", async (_name, allowed, send) => {
    for (let attempt = 0; attempt < allowed; attempt++) expect((await send(attempt)).status).not.toBe(429);
    const refused = await send(allowed);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("does not lock the other accounts behind an address after 5 failures across two of them", async () => {
    await registerVerified("first@example.com");
    await registerVerified("second@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      const email = attempt % 2 === 0 ? "first@example.com" : "second@example.com";
      expect((await call("/auth/verify-credentials", { email, password: `guess-${attempt}` })).status).toBe(401);
    }
    // A third account, with its right password, from the same address.
    await registerVerified("third@example.com");
    expect((await call("/auth/verify-credentials", { email: "third@example.com", password: "harmattan-2026" })).status).toBe(200);
  });
});

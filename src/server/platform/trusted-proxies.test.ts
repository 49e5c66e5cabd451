import { describe, expect, it } from "vitest";
import { setUpTestServer } from "../testing/set-up-test-server.js";

// One proxy hop in front of the site: this test plays the proxy, which appends the address it saw.
const { call } = setUpTestServer({ TRUST_PROXY: "1" });

const PROXY_SAW = "203.0.113.7";

describe("client addresses behind one proxy hop (TRUST_PROXY=1)", () => {
  it("takes the right-most X-Forwarded-For entry, so a visitor rotating their own header stays within the per-address limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const forged = `198.51.100.${attempt}`;
      const answer = await call(
        "/auth/forgot-password",
        { email: "someone@example.com" },
        { "x-forwarded-for": `${forged}, ${PROXY_SAW}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it("still counts two visitors the proxy saw at different addresses apart", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await call("/auth/forgot-password", { email: "someone@example.com" }, { "x-forwarded-for": PROXY_SAW });
    }
    const other = await call("/auth/forgot-password", { email: "someone@example.com" }, { "x-forwarded-for": "203.0.113.99" });
    expect(other.status).toBe(200);
  });
});

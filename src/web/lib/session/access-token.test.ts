import { describe, expect, it } from "vitest";
import { RENEW_BEFORE_EXPIRY_MS, renewDelayMs, tokenExpiresAt } from "./access-token";

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (payload: unknown) => `${base64url({ alg: "HS256" })}.${base64url(payload)}.signature`;

describe("access token renewal", () => {
  it("reads the expiry of a JWT", () => {
    expect(tokenExpiresAt(jwt({ sub: "x", exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    expect(tokenExpiresAt(jwt({ sub: "x" }))).toBeNull();
    expect(tokenExpiresAt("not-a-token")).toBeNull();
  });

  it("renews a minute before expiry, at once when that is past", () => {
    const now = 1_800_000_000_000;
    expect(renewDelayMs(jwt({ exp: now / 1000 + 15 * 60 }), now)).toBe(15 * 60_000 - RENEW_BEFORE_EXPIRY_MS);
    expect(renewDelayMs(jwt({ exp: now / 1000 + 30 }), now)).toBe(0);
  });

  it("assumes the 15-minute lifetime when the expiry cannot be read", () => {
    expect(renewDelayMs("opaque", 0)).toBe(15 * 60_000 - RENEW_BEFORE_EXPIRY_MS);
  });
});

import { createHmac } from "node:crypto";
import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_SECONDS, createAccessTokens } from "./access-tokens";

const secret = new TextEncoder().encode("a-secret-of-at-least-thirty-two-bytes!!");
const tokens = createAccessTokens(secret);
const claims = { userId: "0b7c5a4e-1f0e-4c0a-9a55-1d2b3c4d5e6f", role: "staff" as const, department: "HR", sessionId: "s-1" };
const now = () => Math.floor(Date.now() / 1000);

/** A token as any standard JWT library signs it, with these changes. */
const signedByJose = (change: { alg?: string; issuer?: string; expiresAt?: number; key?: Uint8Array } = {}) =>
  new SignJWT({ role: "staff", dept: "HR", sid: "s-1" })
    .setProtectedHeader({ alg: change.alg ?? "HS256" })
    .setSubject(claims.userId)
    .setIssuer(change.issuer ?? "crestbuild")
    .setIssuedAt()
    .setExpirationTime(change.expiresAt ?? now() + 60)
    .sign(change.key ?? secret);

const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("access tokens", () => {
  it("signs a standard HS256 JWT that lives 15 minutes, and reads its claims back", () => {
    const token = tokens.sign(claims);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256" });
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ sub: claims.userId, sid: "s-1", role: "staff", dept: "HR", iss: "crestbuild" });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(ACCESS_TOKEN_SECONDS);
    expect(tokens.verify(token)).toEqual(claims);
  });

  it("accepts a token another JWT library signed with the same key", async () => {
    expect(tokens.verify(await signedByJose())).toEqual(claims);
  });

  it.each([
    ["another key", () => signedByJose({ key: new TextEncoder().encode("another-secret-of-thirty-two-bytes!!!!") })],
    ["another issuer", () => signedByJose({ issuer: "someone-else" })],
    ["a passed expiry", () => signedByJose({ expiresAt: now() - 1 })],
    ["another algorithm", () => signedByJose({ alg: "HS512" })],
  ])("refuses a token with %s", async (_name, forge) => {
    expect(tokens.verify(await forge())).toBeNull();
  });

  it.each([
    [
      "a changed claim",
      (token: string) => token.replace(/^([^.]+)\.[^.]+/, (_all, header) => `${header}.${segment({ ...decodeJwt(token), role: "admin" })}`),
    ],
    ["no signature (alg none)", (token: string) => `${segment({ alg: "none" })}.${token.split(".")[1]}.`],
    ["a cut signature", (token: string) => token.slice(0, -4)],
    ["an extra part", (token: string) => `${token}.x`],
    ["only two parts", (token: string) => token.split(".").slice(0, 2).join(".")],
    ["garbage", () => "not-a-token"],
    ["nothing", () => ""],
  ])("refuses %s", (_name, forge) => {
    expect(tokens.verify(forge(tokens.sign(claims)))).toBeNull();
  });

  /** A token with this header and payload, correctly signed with the key. */
  const signedByHand = (header: object, payload: unknown) => {
    const signingInput = `${segment(header)}.${segment(payload)}`;
    return `${signingInput}.${createHmac("sha256", secret).update(signingInput).digest("base64url")}`;
  };
  const valid = { iss: "crestbuild", exp: now() + 60, sub: claims.userId, sid: "s-1", role: "staff", dept: "HR" };

  it("accepts a token signed by hand with the key (the check below is of each change alone)", () => {
    expect(tokens.verify(signedByHand({ alg: "HS256" }, valid))).toEqual(claims);
  });

  it.each([
    ["a critical header it does not know", { alg: "HS256", crit: ["exp"] }, valid],
    ["a payload that is not an object", { alg: "HS256" }, [1, 2]],
    ["no session", { alg: "HS256" }, { ...valid, sid: undefined }],
    ["no expiry", { alg: "HS256" }, { ...valid, exp: undefined }],
  ])("refuses a well-signed token with %s", (_name, header, payload) => {
    expect(tokens.verify(signedByHand(header, payload))).toBeNull();
  });
});

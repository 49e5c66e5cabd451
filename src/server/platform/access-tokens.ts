import { createHmac, timingSafeEqual } from "node:crypto";
import type { Role } from "../../shared/departments.js";

/** Access tokens live 15 minutes; the refresh token renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "crestbuild";

export type AccessClaims = { userId: string; role: Role; department: string; sessionId: string };

const base64url = (text: string) => Buffer.from(text).toString("base64url");
const HEADER = base64url(JSON.stringify({ alg: "HS256" }));

/** The JSON object a token segment encodes, or null. */
function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * HS256 JWTs (RFC 7519) signed and checked with node:crypto, synchronously: every signed-in request checks one, and
 * WebCrypto's promise-wrapped HMAC (what jose uses) was a tenth of the server's time under load (a CPU profile;
 * decision 103). Any other algorithm, a critical header, another issuer or a passed expiry is refused.
 */
export function createAccessTokens(secretBytes: Uint8Array) {
  const signatureOf = (signingInput: string) => createHmac("sha256", secretBytes).update(signingInput).digest();

  return {
    sign(claims: AccessClaims): string {
      const issuedAt = Math.floor(Date.now() / 1000);
      const payload = base64url(
        JSON.stringify({
          role: claims.role,
          dept: claims.department,
          sid: claims.sessionId,
          sub: claims.userId,
          iss: ISSUER,
          iat: issuedAt,
          exp: issuedAt + ACCESS_TOKEN_SECONDS,
        }),
      );
      return `${HEADER}.${payload}.${signatureOf(`${HEADER}.${payload}`).toString("base64url")}`;
    },
    /** The claims of a valid token; null for a forged, tampered, expired or unsigned one. */
    verify(token: string): AccessClaims | null {
      const [header = "", payload = "", signature = "", ...rest] = token.split(".");
      if (rest.length > 0) return null;
      const given = Buffer.from(signature, "base64url");
      const expected = signatureOf(`${header}.${payload}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const protectedHeader = decodeSegment(header);
      if (protectedHeader?.alg !== "HS256" || "crit" in protectedHeader || "b64" in protectedHeader) return null;
      const claims = decodeSegment(payload);
      if (!claims || claims.iss !== ISSUER || typeof claims.exp !== "number" || claims.exp <= Date.now() / 1000) return null;
      if (typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
      return { userId: claims.sub, role: claims.role as Role, department: String(claims.dept), sessionId: claims.sid };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

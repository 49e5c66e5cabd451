import { createSecretKey } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Role } from "../../shared/departments.js";

/** Access tokens live 15 minutes; the refresh token renews them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "crestbuild";

export type AccessClaims = { userId: string; role: Role; department: string; sessionId: string };

export function createAccessTokens(secretBytes: Uint8Array) {
  // One key object for the process: given raw bytes, jose would import the key again on every request it checks.
  const secret = createSecretKey(secretBytes);
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ role: claims.role, dept: claims.department, sid: claims.sessionId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(secret);
    },
    /** The claims of a valid token; null for a forged, tampered, expired or unsigned one. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], issuer: ISSUER });
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
        return { userId: payload.sub, role: payload.role as Role, department: String(payload.dept), sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A random secret for a link, a ticket or a refresh token. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** A code a person types: six digits. */
export const randomDigits = (length: number) => Array.from({ length }, () => randomInt(10)).join("");

/** Secrets are stored only as this hash; a database leak does not give them away. */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

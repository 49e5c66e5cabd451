import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's recommended minimum: 19 MiB of memory, 2 passes, 1 lane. */
export const PASSWORD_HASH_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, PASSWORD_HASH_PARAMS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Checked against when the email is unknown, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  return decoyHash;
}

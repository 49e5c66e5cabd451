import { expect } from "vitest";
import { createAdmin } from "../modules/auth/create-admin.js";
import type { accountsClient } from "./accounts.js";
import { type ServerAddress, testDatabase } from "./test-app.js";

type Accounts = ReturnType<typeof accountsClient>;

export const ADMIN_EMAIL = "admin@crestbuild.ng";
export const ADMIN_PASSWORD = "Zuma-rock-2026!";

/** A signed-in test person: who they are, their tokens, and the Authorization header to send. */
export type SignedIn = { id: string; email: string; accessToken: string; refreshToken: string; auth: { authorization: string } };

/**
 * The people of the portal as tests need them, made through the real API and signed in: the admin,
 * approved staff of a department, clients. Names are those of person() unless `extra` gives others.
 */
export function portalPeople({ call, registerVerified, signIn }: Accounts, server: () => ServerAddress) {
  async function signedIn(email: string, password?: string): Promise<SignedIn> {
    const session = await signIn(email, password);
    return {
      id: session.user.id,
      email,
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      auth: { authorization: `Bearer ${session.accessToken}` },
    };
  }

  // Each test server starts on a fresh database: its admin is created and signed in on first need.
  const admins = new WeakMap<ServerAddress, Promise<SignedIn>>();
  function admin(): Promise<SignedIn> {
    let session = admins.get(server());
    if (!session) {
      session = (async () => {
        await createAdmin((await testDatabase()).db, { email: ADMIN_EMAIL, firstName: "Amaka", lastName: "Obi", password: ADMIN_PASSWORD });
        return signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      })();
      admins.set(server(), session);
    }
    return session;
  }

  return {
    /** The admin Amaka Obi (admin@crestbuild.ng), one per test server. */
    admin,
    /** One more admin, made the way `npm run create-admin` makes one (no sign-in). */
    async anotherAdmin(email: string, password: string): Promise<void> {
      await createAdmin((await testDatabase()).db, { email, firstName: "Bisi", lastName: "Ade", password });
    },
    /** Registers staff of a department, confirms the email, has the admin approve them, and signs them in. */
    async staff(email: string, department: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
      const id = await registerVerified(email, { isStaff: true, department, ...extra });
      const approved = await call(`/admin/users/${id}/approve`, {}, (await admin()).auth);
      expect(approved.status).toBe(200);
      return signedIn(email);
    },
    async client(email: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
      await registerVerified(email, extra);
      return signedIn(email);
    },
  };
}

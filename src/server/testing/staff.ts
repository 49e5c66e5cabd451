import { expect } from "vitest";
import { createAdmin } from "../modules/auth/create-admin.js";
import type { accountsClient } from "./accounts.js";
import { testDatabase } from "./test-app.js";

type Accounts = ReturnType<typeof accountsClient>;

export const ADMIN_PASSWORD = "Zuma-rock-2026!";

export type SignedIn = { id: string; auth: { authorization: string }; accessToken: string; refreshToken: string };

/** People of the portal as tests need them: an admin, approved staff of a department, a client; each signed in. */
export function portalPeople({ call, registerVerified, signIn }: Accounts) {
  const signedIn = async (email: string, password?: string): Promise<SignedIn> => {
    const session = await signIn(email, password);
    return {
      id: session.user.id,
      auth: { authorization: `Bearer ${session.accessToken}` },
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
    };
  };

  let admin: Promise<SignedIn> | null = null;
  /** The admin (created once per test server, signed in once). */
  function adminSession(): Promise<SignedIn> {
    admin ??= (async () => {
      await createAdmin((await testDatabase()).db, {
        email: "admin@crestbuild.ng",
        firstName: "Amaka",
        lastName: "Obi",
        password: ADMIN_PASSWORD,
      });
      return signedIn("admin@crestbuild.ng", ADMIN_PASSWORD);
    })();
    return admin;
  }

  return {
    admin: adminSession,
    /** Forgets the admin of the previous test server (call in beforeEach). */
    reset() {
      admin = null;
    },
    /** Registers staff of a department, confirms the email, has the admin approve them, and signs them in. */
    async staff(email: string, department: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
      const id = await registerVerified(email, { isStaff: true, department, ...extra });
      const approved = await call(`/admin/users/${id}/approve`, {}, (await adminSession()).auth);
      expect(approved.status).toBe(200);
      return signedIn(email);
    },
    async client(email: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
      await registerVerified(email, extra);
      return signedIn(email);
    },
    signedIn,
  };
}

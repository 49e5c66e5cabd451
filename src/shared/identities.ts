import { z } from "zod";

export * from "./identity-messages.js";

/** An identity provider as the sign-in screens show it: 'Continue with {name}'. */
export type IdentityProviderSummary = { id: string; name: string };

/** One provider identity linked to the caller's account (settings). */
export type LinkedIdentity = { provider: string; name: string; email: string; linkedAt: string; lastUsedAt: string | null };

/** GET /api/auth/identities: what settings shows under "Sign-in methods". */
export type SignInMethods = { identities: LinkedIdentity[]; providers: IdentityProviderSummary[]; hasPassword: boolean };

/** An identity provider's email already has an account: its password, once, before the provider is linked. */
export const confirmLinkSchema = z.object({
  token: z.string({ error: "This link request has expired. Please start again." }).min(16).max(200),
  password: z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(200),
});

import { z } from "zod";

export type { IdentityProviderSummary, LinkedIdentity, SignInMethods } from "./answers/auth.js";
export * from "./identity-messages.js";

/** An identity provider's email already has an account: its password, once, before the provider is linked. */
export const confirmLinkSchema = z.object({
  token: z.string({ error: "This link request has expired. Please start again." }).min(16).max(200),
  password: z.string({ error: "Please enter your password." }).min(1, "Please enter your password.").max(200),
});

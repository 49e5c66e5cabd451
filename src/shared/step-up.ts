import { z } from "zod";

/** What the step-up screens say; the wrong password is worded as the password change words it. */
export const stepUpMessages = {
  passwordRequired: "Please enter your password.",
  codeRequired: "Please enter a code from your authenticator app or a recovery code.",
  proofRequired: "Confirm it is you first: use one of your passkeys, or sign in again with your provider and come back within 5 minutes.",
} as const;

/** A sign-in with a provider this recent counts as proof for an account without a password. */
export const FRESH_PROVIDER_SIGN_IN_MINUTES = 5;

/**
 * The fresh proof that adding a way into an account needs (a passkey, a linked provider, new recovery codes): the
 * current password, with a code when two-step sign-in is on; an account without a password answers a passkey
 * challenge instead (POST /api/auth/passkeys/step-up/options), or signed in through its provider moments ago.
 */
export const stepUpSchema = z.object({
  password: z.string().max(200).optional(),
  code: z.string().trim().max(20).optional(),
  passkey: z
    .object({
      id: z.string().min(1).max(1024),
      rawId: z.string().max(1024),
      type: z.literal("public-key"),
      response: z.record(z.string(), z.unknown()),
    })
    .passthrough()
    .optional(),
});
export type StepUpProof = z.input<typeof stepUpSchema>;

import { z } from "zod";

export type { PasskeySummary } from "./answers/auth.js";
export { passkeyMessages } from "./passkey-messages.js";

export const passkeyNameSchema = z
  .string({ error: "Please give the passkey a name." })
  .trim()
  .min(1, "Please give the passkey a name.")
  .max(60, "Keep the name under 60 characters.");

import { z } from "zod";
import { authMessages } from "../../../shared/auth-messages";

type TypedTwice = { newPassword: string; confirmPassword: string };

/** A form's schema with the new password typed a second time, which must match (as the registration schema checks). */
export const withPasswordConfirmation = <Shape extends { newPassword: z.ZodString }>(schema: z.ZodObject<Shape>) =>
  schema
    .extend({ confirmPassword: z.string() })
    // The extended shape is too generic for TypeScript to see its two fields; the schema guarantees them.
    .refine((input) => (input as TypedTwice).newPassword === (input as TypedTwice).confirmPassword, {
      path: ["confirmPassword"],
      message: authMessages.passwordsDoNotMatch,
    });

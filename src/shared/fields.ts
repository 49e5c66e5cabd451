import { z } from "zod";

const invalidPhone = "Please enter a valid phone number.";

/** A phone number as people type it (+234 803 000 1111, 0803-000-1111), or empty. */
export const phoneNumber = z
  .string()
  .trim()
  .max(30, invalidPhone)
  .refine((value) => value === "" || /^\+?[0-9 ()-]{7,}$/.test(value), invalidPhone);

/** The page of a list query (?page=2): a whole number from 1. */
export const pageNumber = z.coerce
  .number({ error: "Page must be a whole number." })
  .int("Page must be a whole number.")
  .min(1, "Page must be 1 or more.");

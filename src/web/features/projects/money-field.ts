import { z } from "zod";

const NAIRA_PATTERN = /^\d[\d,]*(\.\d{1,2})?$/;

/**
 * An amount typed in naira ("25,000,000" or "1500.50"), as the API's kobo. Empty stays undefined,
 * so a form can leave the amount out.
 */
export const nairaInput = z
  .string()
  .trim()
  .refine((text) => text === "" || NAIRA_PATTERN.test(text), "Enter an amount in naira, like 25,000,000.")
  .transform((text) => (text === "" ? undefined : Math.round(Number(text.replaceAll(",", "")) * 100)))
  .refine((kobo) => kobo === undefined || Number.isSafeInteger(kobo), "This amount is too large.");

/** Kobo as the naira a form field starts with ("25000000", "1500.5"). */
export const nairaText = (kobo: number) => String(kobo / 100);

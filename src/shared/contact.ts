import { z } from "zod";
import { phoneNumber } from "./fields.js";
import { wording } from "./wording.js";

/** The contact form, validated identically in the browser and on the server. */
export const contactInquirySchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(2, "Please enter your name.")
    .max(100, "Your name must be at most 100 characters."),
  email: z.string({ error: wording.invalidEmail }).trim().max(254, wording.invalidEmail).pipe(z.email(wording.invalidEmail)),
  phone: phoneNumber.optional().default(""),
  subject: z
    .string({ error: "Please enter a subject." })
    .trim()
    .min(3, "Please enter a subject.")
    .max(150, "The subject must be at most 150 characters."),
  message: z
    .string({ error: "Please enter your message." })
    .trim()
    .min(10, "Please tell us a little more (at least 10 characters).")
    .max(5000, "Your message must be at most 5,000 characters."),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional().default(""),
});

export type ContactInquiryInput = z.input<typeof contactInquirySchema>;

/** Inquiries one address may send before it must wait. */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 60 } as const;

/**
 * A visitor's address gets at most this many acknowledgements a day: the form names any address, so it must not
 * become a way to flood someone's mailbox from many networks.
 */
export const CONTACT_ACKNOWLEDGEMENTS_PER_DAY = 3;

import { and, count, eq, gt, sql } from "drizzle-orm";
import type { z } from "zod";
import { CONTACT_ACKNOWLEDGEMENTS_PER_DAY, type contactInquirySchema } from "../../../shared/contact.js";
import type { AppDb } from "../../db/client.js";
import { contactInquiries } from "../../db/schema.js";
import { emailTime } from "../../platform/email-layout.js";
import type { Mailer, OutgoingMail } from "../../platform/mail.js";

type Inquiry = z.output<typeof contactInquirySchema>;

/**
 * The visitor's acknowledgement: nothing they typed (the form names any address, so what it sends must be no way to
 * carry someone's text to a stranger), only the reference to quote.
 */
function acknowledgement(to: string, reference: number, publicOrigin: string): OutgoingMail {
  return {
    to,
    kind: "contact_acknowledgement",
    subject: `We received your message (#${reference})`,
    content: {
      // Not the name the form gave either: it is typed text too.
      recipientName: null,
      audience: "visitor",
      paragraphs: [
        "Thank you for contacting Crestbuild.",
        `We have received your message (reference #${reference}) and our team will reply within one working day.`,
      ],
      action: { label: "Visit our website", url: publicOrigin },
      afterword: ["If you did not write to us, you can ignore this email."],
    },
  };
}

/** Stores a contact inquiry, notifies the company's inbox (replies go to the visitor) and acknowledges it to the visitor. */
export function createContactService(deps: { db: AppDb; mailer: Mailer; inbox: string; publicOrigin: string }) {
  /** Inquiries naming this address in the last day, this one included. */
  const sentToday = async (email: string) => {
    const [row] = await deps.db
      .select({ total: count() })
      .from(contactInquiries)
      .where(
        and(eq(sql`lower(${contactInquiries.email})`, email.toLowerCase()), gt(contactInquiries.createdAt, sql`now() - interval '1 day'`)),
      );
    return row?.total ?? 0;
  };

  return {
    async submit(inquiry: Inquiry, from: { ipAddress: string; userAgent: string | null }) {
      const [saved] = await deps.db
        .insert(contactInquiries)
        .values({
          name: inquiry.name,
          email: inquiry.email,
          phone: inquiry.phone || null,
          subject: inquiry.subject,
          message: inquiry.message,
          ipAddress: from.ipAddress,
          userAgent: from.userAgent,
        })
        .returning({ id: contactInquiries.id, createdAt: contactInquiries.createdAt });
      if (!saved) throw new Error("inquiry insert returned no row");
      await deps.mailer.send({
        to: deps.inbox,
        replyTo: inquiry.email,
        subject: `New website inquiry #${saved.id}: ${inquiry.subject}`,
        kind: "contact_inquiry",
        content: {
          recipientName: "Crestbuild team",
          audience: "company",
          paragraphs: [
            `A visitor wrote through the contact form on ${emailTime(saved.createdAt)}. Reply to this email to answer them.`,
            [{ strong: "From: " }, `${inquiry.name} <${inquiry.email}>`],
            [{ strong: "Phone: " }, inquiry.phone || "not given"],
            [{ strong: "Subject: " }, inquiry.subject],
          ],
          quote: inquiry.message,
          action: { label: "Open the inquiry", url: `${deps.publicOrigin}/dashboard/inquiries/${saved.id}` },
        },
      });
      if ((await sentToday(inquiry.email)) <= CONTACT_ACKNOWLEDGEMENTS_PER_DAY) {
        await deps.mailer.send(acknowledgement(inquiry.email, saved.id, deps.publicOrigin));
      }
      return saved;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

import type { z } from "zod";
import type { contactInquirySchema } from "../../../shared/contact.js";
import type { AppDb } from "../../db/client.js";
import { contactInquiries } from "../../db/schema.js";
import { escapeHtml, type Mailer } from "../../platform/mail.js";

type Inquiry = z.output<typeof contactInquirySchema>;

/** Stores a contact inquiry and notifies the company's inbox. */
export function createContactService(deps: { db: AppDb; mailer: Mailer; inbox: string; publicOrigin: string }) {
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
      const lines = [
        `From: ${inquiry.name} <${inquiry.email}>`,
        `Phone: ${inquiry.phone || "not given"}`,
        `Subject: ${inquiry.subject}`,
        "",
        inquiry.message,
      ];
      await deps.mailer.send({
        to: deps.inbox,
        subject: `New website inquiry #${saved.id}: ${inquiry.subject}`,
        text: `${lines.join("\n")}\n\nReceived ${saved.createdAt.toISOString()} through ${deps.publicOrigin}/contact`,
        html: `<p>${lines.slice(0, 3).map(escapeHtml).join("<br>")}</p><p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>`,
      });
      return saved;
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;

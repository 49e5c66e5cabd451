/** What the contact form says once sent; without zod, so that the contact page's first load carries no validator. */
export const contactAcknowledgement = "Thank you. Your message has been received and our team will reply within one working day.";

import type { OutgoingMail } from "../../platform/mail.js";
import type { UserRow } from "./accounts.js";
import { EMAIL_CODE_MINUTES } from "./one-time-codes.js";

/** A code's mail carries its expiry, so the outbox erases it then (platform/mail.ts). */
export const codeExpiry = () => new Date(Date.now() + EMAIL_CODE_MINUTES * 60_000);

type Recipient = Pick<UserRow, "email" | "firstName">;

/** The code that confirms a new account's address. */
export function verificationEmail(user: Recipient, code: string, publicOrigin: string): OutgoingMail {
  // The link fills in the address: the person only types the code.
  const link = `${publicOrigin}/verify-email?email=${encodeURIComponent(user.email)}`;
  return {
    to: user.email,
    subject: "Your Crestbuild verification code",
    kind: "verification_code",
    codeExpiresAt: codeExpiry(),
    content: {
      recipientName: user.firstName,
      paragraphs: [
        ["Your verification code is ", { code }, `. It is valid for ${EMAIL_CODE_MINUTES} minutes.`],
        "Enter it to confirm your email address.",
      ],
      action: { label: "Confirm your email address", url: link },
      afterword: ["If you did not create a Crestbuild account, ignore this email."],
    },
  };
}

/** The code that lets a forgotten password be replaced. */
export function passwordResetEmail(user: Recipient, code: string): OutgoingMail {
  return {
    to: user.email,
    subject: "Your Crestbuild password reset code",
    kind: "password_reset_code",
    codeExpiresAt: codeExpiry(),
    content: {
      recipientName: user.firstName,
      paragraphs: [["Your password reset code is ", { code }, `. It is valid for ${EMAIL_CODE_MINUTES} minutes.`]],
      afterword: ["If you did not ask to reset your password, ignore this email: your password stays as it is."],
    },
  };
}

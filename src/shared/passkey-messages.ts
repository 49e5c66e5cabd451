/** What the passkey screens say; without zod, so that the sign-in screen's passkey button loads no validator. */
export const passkeyMessages = {
  notRecognised: "That passkey was not recognised. Try another, or sign in with your password.",
  notAdded: "The passkey could not be added. Please try again.",
  alreadyAdded: "That passkey is already added.",
  tooMany: "You have the most passkeys an account can have. Remove one first.",
  notFound: "That passkey is not on your account.",
  lastSignInMethod: "This is your only way to sign in. Set a password or add another way before removing it.",
  accountDeactivated: "Account is deactivated",
  pendingApproval: "Your staff account is waiting for approval by an administrator. You will be emailed when it is approved.",
} as const;

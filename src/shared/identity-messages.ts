// Without zod, so that the sign-in screen can say a provider's failure without loading the validators.

/** The provider round trip ends on a page of ours; these codes name what went wrong (shown with these words). */
export const identityMessages = {
  providerUnavailable: "That sign-in provider is not available right now. Please try again or use your password.",
  signInFailed: "Sign-in with that provider did not complete. Please try again.",
  emailNotVerified: "The provider has not confirmed your email address, so we cannot use it to sign you in.",
  registrationDisabled: "New registrations are currently disabled. Please contact support.",
  staffMustLinkFirst: "Staff and admin accounts can use a provider only after linking it in Settings. Please sign in with your password.",
  accountDeactivated: "Account is deactivated",
  pendingApproval: "Your staff account is waiting for approval by an administrator. You will be emailed when it is approved.",
  alreadyLinkedElsewhere: "That provider account is already linked to another Crestbuild account.",
  noPasswordToConfirm: "An account already uses this email. Sign in the way you usually do, then link the provider in Settings.",
  linkExpired: "This link request has expired. Please start again.",
  lastSignInMethod: "This is your only way to sign in. Set a password or link another provider before unlinking it.",
  notLinked: "That provider is not linked to your account.",
} as const;

export type IdentityFailure = keyof typeof identityMessages;

/** The words for a failure code from a page's address: only our own words, so a crafted link cannot put text on the page. */
export function identityFailureMessage(reason: string): string {
  return Object.hasOwn(identityMessages, reason) ? identityMessages[reason as IdentityFailure] : identityMessages.signInFailed;
}

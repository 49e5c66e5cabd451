import { identityFailureMessage } from "../../../shared/identity-messages";

/** How a provider link ended, from the fragment the server put on /settings (see oidc/routes.ts). */
export function linkOutcomeFrom(hash: string): { linked: boolean; message: string } | null {
  const values = new URLSearchParams(hash.replace(/^#/, ""));
  if (values.get("identity") === "linked")
    return { linked: true, message: `${values.get("provider") || "The provider"} is linked to your account.` };
  if (values.get("identity") === "failed") return { linked: false, message: identityFailureMessage(values.get("reason") ?? "") };
  return null;
}

import { identityFailureMessage } from "../../../shared/identity-messages";

/** What an identity provider's round trip brought back to /login (in the address's fragment, see oidc/routes.ts). */
export type ProviderReturn =
  | { kind: "ticket"; userId: string; ticket: string; mfaRequired: boolean }
  | { kind: "confirm"; token: string; email: string; provider: string }
  | { kind: "failed"; message: string };

/** Reads the fragment the server put on /login after the provider; anything else (or nothing) answers null. */
export function providerReturnFrom(hash: string): ProviderReturn | null {
  const values = new URLSearchParams(hash.replace(/^#/, ""));
  const get = (name: string) => values.get(name) ?? "";
  switch (values.get("oidc")) {
    case "ticket":
      return get("userId") && get("ticket")
        ? { kind: "ticket", userId: get("userId"), ticket: get("ticket"), mfaRequired: get("mfa") === "1" }
        : null;
    case "confirm":
      return get("token") ? { kind: "confirm", token: get("token"), email: get("email"), provider: get("provider") } : null;
    case "failed":
      return { kind: "failed", message: identityFailureMessage(get("reason")) };
    default:
      return null;
  }
}

import { useQueryClient } from "@tanstack/react-query";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { pathStartsWith } from "../../lib/api-query";
import { toast } from "../../lib/toast";
import { securityApi } from "./api";

/** Ends every session of the account but this one: for a lost phone, or a sign-in the person does not recognise. */
export function SignOutEverywhereElse() {
  const queryClient = useQueryClient();
  return (
    <ConfirmButton
      label="Sign out everywhere else"
      pendingLabel="Signing out..."
      title="Sign out every other device?"
      onConfirm={async () => {
        await securityApi.signOutEverywhereElse();
        toast.success("Every other device has been signed out.");
        await queryClient.invalidateQueries({ predicate: pathStartsWith("/auth/sessions") });
      }}
    >
      Every device but this one will have to sign in again.
    </ConfirmButton>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AccountSignInMethods } from "../../../shared/security";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { pathStartsWith } from "../../lib/query/api-query";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { securityApi } from "./api";
import { RemoveMethodButton } from "./RemoveMethodButton";
import { type MethodRow, methodRows, SignInMethodList } from "./SignInMethodList";

/**
 * Ends every session of the account but this one (for a lost phone, or a sign-in the person does not recognise),
 * then shows the passkeys and linked providers, so that a way in someone else added can go in the same step.
 */
export function SignOutEverywhereElse() {
  const queryClient = useQueryClient();
  const formats = useDateFormats();
  const [methods, setMethods] = useState<AccountSignInMethods | null>(null);
  const remove = async (row: MethodRow) => {
    await (row.kind === "passkey" ? securityApi.removePasskey(row.id) : securityApi.unlinkProvider(row.id));
    setMethods(await securityApi.signInMethods());
    await queryClient.invalidateQueries({ predicate: pathStartsWith("/auth/passkeys") });
    await queryClient.invalidateQueries({ predicate: pathStartsWith("/auth/identities") });
  };
  return (
    <div className="flex flex-col gap-4">
      <ConfirmButton
        label="Sign out everywhere else"
        pendingLabel="Signing out..."
        title="Sign out every other device?"
        onConfirm={async () => {
          await securityApi.signOutEverywhereElse();
          toast.success("Every other device has been signed out.");
          await queryClient.invalidateQueries({ predicate: pathStartsWith("/auth/sessions") });
          setMethods(await securityApi.signInMethods());
        }}
      >
        Every device but this one will have to sign in again. Then check the passkeys and providers that can sign in to your account.
      </ConfirmButton>
      {methods ? (
        <SignInMethodList rows={methodRows(methods, formats)} action={(row) => <RemoveMethodButton row={row} remove={remove} />} />
      ) : null}
    </div>
  );
}

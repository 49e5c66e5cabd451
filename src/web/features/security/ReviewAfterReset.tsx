import { useEffect, useState } from "react";
import type { AccountSignInMethods, SignInMethodsReview } from "../../../shared/security";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert } from "../../components/form/form-fields";
import { useDateFormats } from "../../lib/use-date-formats";
import { securityApi } from "./api";
import { RemoveMethodButton } from "./RemoveMethodButton";
import { methodRows, SignInMethodList } from "./SignInMethodList";

/** The completion of a password reset: the passkeys and providers that can still sign in, each with Remove. */
export function ReviewAfterReset({ review }: { review: SignInMethodsReview }) {
  const formats = useDateFormats();
  const [methods, setMethods] = useState<AccountSignInMethods | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    securityApi.reviewMethods(review).then(setMethods, (error: unknown) => setFailure(failureMessage(error)));
  }, [review]);
  if (failure) return <FormAlert message={failure} />;
  if (!methods) return null;
  return (
    <SignInMethodList
      rows={methodRows(methods, formats)}
      action={(row) => (
        <RemoveMethodButton
          row={row}
          remove={async () =>
            setMethods(
              await securityApi.removeReviewed(review, {
                removePasskeys: row.kind === "passkey" ? [row.id] : [],
                removeProviders: row.kind === "provider" ? [row.id] : [],
              }),
            )
          }
        />
      )}
    />
  );
}

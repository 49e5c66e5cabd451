import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { formFailure } from "./form-errors";

type AttemptOptions = {
  /** The form's own message for a server failure (docs/product.md#wording 'Failed to ...'), else the server's. */
  serverFailure?: string;
  /** Also told of the failure (to show the server's field messages under the fields): answers the messages it showed. */
  onError?: (error: unknown) => string[] | undefined;
};

/**
 * Something the user asked for that may fail (a form sent, an upload, a code, sending a new one), run as a mutation of
 * the portal's query cache like every other write: whether it is under way and, once it failed, the message to show
 * (see formFailure). `attempt` resolves to whether it worked.
 */
export function useAttempt() {
  const [failure, setFailure] = useState<string | null>(null);
  // The work is the caller's and may ask the person something (a passkey) or make several calls: never run twice.
  const mutation = useMutation({ mutationFn: (work: () => Promise<unknown>) => work(), retry: false });

  const attempt = (work: () => Promise<unknown>, { serverFailure, onError }: AttemptOptions = {}): Promise<boolean> => {
    setFailure(null);
    return mutation.mutateAsync(work).then(
      () => true,
      (error: unknown) => {
        setFailure(formFailure(error, serverFailure, onError?.(error) ?? []));
        return false;
      },
    );
  };

  return { pending: mutation.isPending, failure, setFailure, attempt };
}

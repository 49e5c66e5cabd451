import { useState } from "react";
import { failureMessage } from "./form-errors";

type AttemptOptions = {
  /** The form's own message for a server failure (docs/product.md#wording 'Failed to ...'), else the server's. */
  serverFailure?: string;
  /** Also told of the failure (to show the server's field messages under the fields): answers the messages it showed. */
  onError?: (error: unknown) => string[] | undefined;
};

/**
 * Something the user asked for that may fail (an upload, a code, sending a new one): whether it is under
 * way and, once it failed, the message to show (see failureMessage). `attempt` resolves to whether it worked.
 */
export function useAttempt() {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const attempt = async (work: () => Promise<unknown>, { serverFailure, onError }: AttemptOptions = {}): Promise<boolean> => {
    setFailure(null);
    setPending(true);
    try {
      await work();
      return true;
    } catch (error) {
      const shownUnderFields = onError?.(error) ?? [];
      const message = failureMessage(error, serverFailure);
      // One message per field: one already under its field is not said again for the whole form.
      setFailure(shownUnderFields.includes(message) ? null : message);
      return false;
    } finally {
      setPending(false);
    }
  };

  return { pending, failure, setFailure, attempt };
}

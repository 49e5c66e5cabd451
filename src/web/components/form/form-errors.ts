import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "../../../shared/api";
import { productWording } from "../../../shared/wording";

/**
 * The message for a failed form: what the server or the HTTP client said about the user's own
 * situation (validation, rate limit, network, timeout) as it is; for a server failure the form's
 * own message when it has one (docs/product.md#wording 'Failed to ...'), else the server's.
 */
export function failureMessage(error: unknown, serverFailure?: string): string {
  if (!(error instanceof ApiError)) return serverFailure ?? productWording.internalError;
  return error.status >= 500 && serverFailure ? serverFailure : error.message;
}

/** The form's message for a failure, unless the same message already shows under one of its fields. */
export function formFailure(error: unknown, serverFailure: string | undefined, shownUnderFields: readonly string[]): string | null {
  const message = failureMessage(error, serverFailure);
  return shownUnderFields.includes(message) ? null : message;
}

/**
 * Shows the server's field messages under the form's fields (the values typed stay as they are); answers the messages
 * shown, so that the form does not say one of them a second time.
 */
export function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string[] {
  if (!(error instanceof ApiError)) return [];
  const shown: string[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    const known = fields.find((name) => name === field);
    if (known) {
      setError(known, { type: "server", message });
      shown.push(message);
    }
  }
  return shown;
}

import { type DefaultValues, type FieldValues, type Mode, type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { zodResolver } from "../../lib/form-resolver";
import { showFieldErrors } from "./form-errors";
import { useAttempt } from "./use-attempt";

type Options<Input extends FieldValues> = {
  defaultValues: DefaultValues<Input>;
  /** The fields whose server messages show under them (the others' in the form's message). */
  fields: readonly Path<Input>[];
  /** The form's own message for a server failure (SPEC §8 'Failed to ...'), else the server's. */
  serverFailure?: string;
  /** When fields are checked; on submit unless said otherwise. */
  mode?: Mode;
};

/**
 * A react-hook-form form checked with a shared zod schema, as the server checks it, and sent to the API by
 * `submit`: when the server refuses, its field messages show under the fields and the form's message is
 * `failure`; what was typed stays. `attempt` runs another request of the form's (sending a new code), whose
 * failure takes the same place.
 */
export function useApiForm<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, options: Options<Input>) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: options.defaultValues,
    mode: options.mode,
  });
  const { failure, setFailure, attempt } = useAttempt();

  const submit = (send: (values: Output) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      await attempt(() => send(values), {
        serverFailure: options.serverFailure,
        onError: (error) => showFieldErrors(error, form.setError, options.fields),
      });
    });

  return { ...form, failure, setFailure, attempt, submit };
}

export type ApiForm<Input extends FieldValues, Output> = ReturnType<typeof useApiForm<Input, Output>>;

import { useEffect } from "react";
import { type DefaultValues, type FieldValues, get, type Mode, type Path, type RegisterOptions, useForm } from "react-hook-form";
import { showFieldErrors } from "./form-errors";
import { lazyResolver, prefetchValidation, type SchemaSource } from "./lazy-validation";
import { useAttempt } from "./use-attempt";

type Options<Input extends FieldValues> = {
  defaultValues: DefaultValues<Input>;
  /** The fields whose server messages show under them (the others' in the form's message). */
  fields: readonly Path<Input>[];
  /** The form's own message for a server failure (docs/product.md#wording 'Failed to ...'), else the server's. */
  serverFailure?: string;
  /** When fields are checked; on submit unless said otherwise. */
  mode?: Mode;
};

/**
 * A react-hook-form form checked with a shared zod schema, as the server checks it, and sent to the API by
 * `submit`: when the server refuses, its field messages show under the fields and the form's message is
 * `failure`; what was typed stays. `attempt` runs another request of the form's (sending a new code), whose
 * failure takes the same place. `prefetch` starts loading the validators (on the form's first focus, say). `field(name)` is what a control of form-fields.tsx takes: its registration and
 * its message.
 */
export function useApiForm<Input extends FieldValues, Output>(schema: SchemaSource<Input, Output>, options: Options<Input>) {
  const form = useForm<Input, unknown, Output>({
    resolver: lazyResolver(schema),
    defaultValues: options.defaultValues,
    mode: options.mode,
  });
  const { failure, setFailure, attempt } = useAttempt();
  // What the server said of the form no longer holds once the person changes what they typed.
  useEffect(() => {
    const subscription = form.watch((_values, { type }) => {
      if (type === "change") setFailure(null);
    });
    return () => subscription.unsubscribe();
  }, [form, setFailure]);

  const submit = (send: (values: Output) => Promise<unknown>) =>
    form.handleSubmit(async (values) => {
      await attempt(() => send(values), {
        serverFailure: options.serverFailure,
        onError: (error) => showFieldErrors(error, form.setError, options.fields),
      });
    });

  const field = (name: Path<Input>, rules?: RegisterOptions<Input, Path<Input>>) => ({
    ...form.register(name, rules),
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  });

  const prefetch = () => prefetchValidation(schema);

  return { ...form, failure, setFailure, attempt, submit, field, prefetch };
}

export type ApiForm<Input extends FieldValues, Output> = ReturnType<typeof useApiForm<Input, Output>>;

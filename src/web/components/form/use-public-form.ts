import { type FormEvent, useRef, useState } from "react";
import { formFailure, showFieldErrors } from "./form-errors";
import { loadSchema, type SchemaSource } from "./lazy-validation";

type TextControl = HTMLInputElement | HTMLTextAreaElement;
type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/**
 * A form of text fields on a public page, checked with a shared zod schema as the server checks it, without a form
 * library: a public page's first load carries no react-hook-form (docs/decisions/101-public-form-without-a-library.md).
 * It behaves as the portal's useApiForm in mode 'onTouched': a field is checked when it loses focus, then as it
 * changes; sending checks every field and focuses the first mistake; the server's field messages show under the
 * fields, its other refusals in `failure`; what was typed stays. `register(name)` is what a form-fields.tsx control takes.
 * Its sending is the one write outside TanStack Query's mutations: a public page carries no query library
 * (docs/decisions/100-public-pages-read-a-site-data-cache.md).
 */
export function usePublicForm<Input extends Partial<Record<string, string>>, Output>(
  schema: SchemaSource<Input, Output>,
  options: { fields: readonly Extract<keyof Input, string>[] },
) {
  type Name = Extract<keyof Input, string>;
  const controls = useRef(new Map<Name, TextControl>());
  const touched = useRef(new Set<Name>());
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const values = () => Object.fromEntries([...controls.current].map(([name, control]) => [name, control.value])) as Input;

  /** Every field's first mistake, or the checked values. */
  async function check(): Promise<{ output: Output } | { errors: FieldErrors<Name> }> {
    const result = (await loadSchema(schema)).safeParse(values());
    if (result.success) return { output: result.data };
    const found: FieldErrors<Name> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as Name;
      found[name] ??= issue.message;
    }
    return { errors: found };
  }

  async function checkOne(name: Name) {
    const result = await check();
    const message = "errors" in result ? result.errors[name] : undefined;
    setErrors((shown) => ({ ...shown, [name]: message }));
  }

  const register = (name: Name) => ({
    name,
    ref: (control: TextControl | null) => {
      if (control) controls.current.set(name, control);
      else controls.current.delete(name);
    },
    onBlur: () => {
      touched.current.add(name);
      void checkOne(name);
    },
    onChange: () => {
      if (touched.current.has(name)) void checkOne(name);
    },
  });

  const submit = (send: (values: Output) => Promise<unknown>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      for (const name of options.fields) touched.current.add(name);
      const result = await check();
      if ("errors" in result) {
        setErrors(result.errors);
        const firstMistake = options.fields.find((name) => result.errors[name]);
        if (firstMistake) controls.current.get(firstMistake)?.focus();
        return;
      }
      setErrors({});
      setFailure(null);
      await send(result.output).catch((error: unknown) => {
        const shown = showFieldErrors(
          error,
          (name: string, fieldError: { message?: string }) => setErrors((said) => ({ ...said, [name]: fieldError.message })),
          options.fields,
        );
        setFailure(formFailure(error, undefined, shown));
      });
    } finally {
      setSubmitting(false);
    }
  };

  /** Empties every field and forgets what was said about them. */
  const reset = () => {
    for (const control of controls.current.values()) control.value = "";
    touched.current.clear();
    setErrors({});
    setFailure(null);
  };

  const setFocus = (name: Name) => controls.current.get(name)?.focus();

  return { register, submit, errors, isSubmitting, failure, reset, setFocus, prefetch: () => void loadSchema(schema).catch(() => {}) };
}

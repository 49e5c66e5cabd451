import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { CodeField, FormAlert } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { SubmitButton } from "../../components/ui/SubmitButton";

type Props = {
  label: string;
  submitLabel: string;
  pendingLabel: string;
  /** The server's schema for the code: a code it would refuse is not sent. */
  schema: z.ZodType<{ code: string }, { code: string }>;
  onCode: (code: string) => Promise<unknown>;
  /** Empties the field after a refused code (an authenticator's code changes every 30 seconds). */
  emptyOnFailure?: boolean;
};

/** A code and its button: checking a code from an email or an authenticator app. */
export function CodeForm({ label, submitLabel, pendingLabel, schema, onCode, emptyOnFailure = false }: Props) {
  const [code, setCode] = useState("");
  const { pending, failure, setFailure, attempt } = useAttempt();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse({ code });
    if (!parsed.success) return setFailure(parsed.error.issues[0]?.message ?? null);
    const sent = await attempt(() => onCode(parsed.data.code));
    if (!sent && emptyOnFailure) setCode("");
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex max-w-sm flex-col gap-4">
      <CodeField label={label} value={code} onChange={(event) => setCode(event.target.value)} />
      <FormAlert message={failure} />
      <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}

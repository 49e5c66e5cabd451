import { type FormEvent, useEffect, useRef, useState } from "react";
import { authMessages } from "../../../shared/auth-messages";
import { CodeField, FormAlert } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { AuthHeader } from "./AuthScreen";

type Props = {
  failure: string | null;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
};

/** The second step of sign-in for accounts with two-step sign-in: the authenticator app's code, or a recovery code. */
export function SecondFactorStep({ failure, onSubmit, onCancel }: Props) {
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  // After a wrong code, the field is emptied and ready for the next one.
  useEffect(() => {
    if (!failure) return;
    setCode("");
    input.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    setMissing(trimmed.length < 6);
    if (trimmed.length < 6) return;
    setPending(true);
    try {
      await onSubmit(trimmed);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="Two-step sign-in">{authMessages.mfaRequired}</AuthHeader>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <CodeField
          ref={input}
          label="Authentication code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          hint="A recovery code works once, in place of the app's code."
          error={missing ? authMessages.invalidMfaCode : undefined}
        />
        <FormAlert message={failure} />
        <SubmitButton pending={pending} label="Verify and sign in" pendingLabel="Verifying..." />
        <Button variant="secondary" onClick={onCancel}>
          Use another account
        </Button>
      </form>
    </div>
  );
}

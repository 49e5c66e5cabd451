import { startAuthentication } from "@simplewebauthn/browser";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../shared/api";
import { passkeyMessages } from "../../../shared/passkeys";
import { FRESH_PROVIDER_SIGN_IN_MINUTES } from "../../../shared/step-up";
import { AccountUsername, CodeField, InlineAlert, mutedTextClass, PasswordField } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/ModalDialog";
import { LoadingMessage } from "../../components/ui/StatusMessage";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { useAuth } from "../../lib/session/AuthProvider";
import { accountApi, passkeysQuery, type StepUpProof, signInMethodsQuery } from "./api";

type FormProps = { actionLabel: string; onProof: (proof: StepUpProof) => Promise<void>; onDone: () => void };

/** Password (and code when two-step sign-in is on); the server's message for a wrong one shows under its field. */
function PasswordProof({ actionLabel, onProof, onDone }: FormProps) {
  const { user } = useAuth();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const proving = useAttempt();
  const withCode = user?.mfaEnabled ?? false;
  // The dialog focuses it when it opens; drawn later (the account's methods still loading then), it takes the focus itself.
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => passwordInput.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    const proof = withCode ? { password, code } : { password };
    const done = await proving.attempt(() => onProof(proof), {
      onError: (error) => {
        const shown = error instanceof ApiError ? error.fields : {};
        setFields(shown);
        return [shown.password, shown.code].filter((message) => message !== undefined);
      },
    });
    if (done) onDone();
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      {user ? <AccountUsername email={user.email} /> : null}
      <PasswordField
        purpose="current"
        label="Current password"
        ref={passwordInput}
        data-autofocus
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fields.password}
      />
      {withCode ? (
        <CodeField
          label="Authentication code"
          hint="From your authenticator app, or one of your recovery codes."
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fields.code}
        />
      ) : null}
      <InlineAlert message={proving.failure} />
      <SubmitButton pending={proving.pending} label={actionLabel} pendingLabel="Checking..." />
    </form>
  );
}

/** An account without a password: one of its passkeys, or a provider sign-in of the last minutes. */
function PasswordlessProof({ actionLabel, onProof, onDone }: FormProps) {
  const keys = useQuery(passkeysQuery);
  const proving = useAttempt();
  const prove = async (proof: () => Promise<StepUpProof>) => {
    if (await proving.attempt(async () => onProof(await proof()))) onDone();
  };
  const withPasskey = async (): Promise<StepUpProof> => {
    const optionsJSON = await accountApi.stepUpPasskeyOptions();
    try {
      return { passkey: await startAuthentication({ optionsJSON }) };
    } catch {
      throw new ApiError(400, passkeyMessages.notRecognised);
    }
  };
  const hasPasskeys = (keys.data?.passkeys.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-3">
      <p className={mutedTextClass}>
        Your account has no password. {hasPasskeys ? "Confirm with one of your passkeys, or continue" : "Continue"} if you signed in with
        your provider in the last {FRESH_PROVIDER_SIGN_IN_MINUTES} minutes (otherwise sign out and in again with it first).
      </p>
      <InlineAlert message={proving.failure} />
      <div className="flex flex-wrap gap-3">
        {hasPasskeys ? (
          <Button data-autofocus disabled={proving.pending} onClick={() => void prove(withPasskey)}>
            Use a passkey
          </Button>
        ) : null}
        <Button variant="secondary" disabled={proving.pending} onClick={() => void prove(async () => ({}))}>
          {proving.pending ? "Checking..." : actionLabel}
        </Button>
      </div>
    </div>
  );
}

/** The proof this account can give: its password, or else a passkey or a recent provider sign-in. */
function StepUpProofForm(props: FormProps) {
  const methods = useQuery(signInMethodsQuery);
  if (methods.isPending) return <LoadingMessage>Loading...</LoadingMessage>;
  return methods.data?.hasPassword === false ? <PasswordlessProof {...props} /> : <PasswordProof {...props} />;
}

type Props = Omit<FormProps, "onDone"> & { open: boolean; onClose: () => void; title: string };

/**
 * Asks for a fresh proof before a new way into the account (a passkey, a provider, new recovery codes): someone
 * holding only an open session cannot add one. Closes once `onProof` has done its work.
 */
export function StepUpDialog({ open, onClose, title, actionLabel, onProof }: Props) {
  return (
    <ModalDialog open={open} onClose={onClose} title={title} description="Confirm it is you first.">
      <StepUpProofForm actionLabel={actionLabel} onProof={onProof} onDone={onClose} />
    </ModalDialog>
  );
}

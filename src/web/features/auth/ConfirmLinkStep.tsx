import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import type { VerifyCredentialsResult } from "../../../shared/auth";
import { AccountUsername, FormAlert, PasswordField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { AuthHeader } from "./AuthScreen";
import { authApi } from "./api";
import { credentialsFailure } from "./login-messages";

type Props = {
  pending: { token: string; email: string; provider: string };
  onConfirmed: (checked: VerifyCredentialsResult) => Promise<void>;
  onCancel: () => void;
};

/** An identity provider's email already has an account: its password, once, before the provider is linked to it. */
export function ConfirmLinkStep({ pending, onConfirmed, onCancel }: Props) {
  const [password, setPassword] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  // A password check counts towards the sign-in limits: tried once.
  const confirm = useMutation({
    mutationFn: async (typed: string) => onConfirmed(await authApi.confirmProviderLink(pending.token, typed)),
    retry: false,
    onError: (error) => {
      // An expired or used request says so in the server's words; a wrong password as at sign-in.
      setFailure(error instanceof ApiError && error.code === "link_expired" ? error.message : credentialsFailure(error).message);
      setPassword("");
    },
  });
  const busy = confirm.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setFailure("Please enter your password.");
      return;
    }
    confirm.mutate(password);
  };

  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title={`Link ${pending.provider}`}>
        An account already uses {pending.email}. Enter its password once to link {pending.provider} to it.
      </AuthHeader>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
        <AccountUsername email={pending.email} />
        <PasswordField purpose="current" label="Password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <FormAlert message={failure} />
        <SubmitButton pending={busy} label="Link and sign in" pendingLabel="Linking..." />
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </form>
    </div>
  );
}

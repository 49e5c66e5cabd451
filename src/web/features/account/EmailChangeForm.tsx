import { useState } from "react";
import { z } from "zod";
import { accountMessages, changeEmailSchema, confirmEmailChangeSchema } from "../../../shared/account";
import { authMessages } from "../../../shared/auth-messages";
import {
  AccountUsername,
  CodeField,
  EmailField,
  FormAlert,
  FormSuccess,
  mutedTextClass,
  PasswordField,
} from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { Button } from "../../components/ui/Button";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { useAuth } from "../../lib/session/AuthProvider";
import { toast } from "../../lib/toast";
import { accountApi } from "./api";
import { CodeForm } from "./CodeForm";

/** The authenticator code is asked for when two-step sign-in is on, as the server does. */
const formSchema = (mfaEnabled: boolean) =>
  changeEmailSchema
    .extend({ code: z.string() })
    .refine((input) => !mfaEnabled || input.code.trim().length > 0, { path: ["code"], message: authMessages.mfaRequired });

type NewAddressProps = { currentEmail: string; mfaEnabled: boolean; onCodeSent: (pendingEmail: string) => void };

/** Step 1: the new address, the password (and a two-step code); the server emails a code to the new address. */
function NewAddressStep({ currentEmail, mfaEnabled, onCodeSent }: NewAddressProps) {
  const form = useApiForm(formSchema(mfaEnabled), {
    defaultValues: { newEmail: "", password: "", code: "" },
    fields: ["newEmail", "password", "code"],
  });

  const onSubmit = form.submit(async ({ code, ...input }) => {
    const { pendingEmail } = await accountApi.requestEmailChange({ ...input, code: mfaEnabled ? code.trim() : undefined });
    onCodeSent(pendingEmail);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-5">
      <p className={mutedTextClass}>
        Your address is <span className="font-semibold break-all">{currentEmail}</span>. We send a code to the new address to check that it
        is yours; the change is made once you enter it.
      </p>
      <AccountUsername email={currentEmail} />
      <EmailField label="New email address" {...form.field("newEmail")} />
      <PasswordField purpose="current" label="Your password" {...form.field("password")} />
      {mfaEnabled ? (
        <CodeField label="Authentication code" hint="From your authenticator app, or a recovery code." {...form.field("code")} />
      ) : null}
      <FormAlert message={form.failure} />
      <SubmitButton pending={form.formState.isSubmitting} label="Send a code to the new address" pendingLabel="Sending the code..." />
    </form>
  );
}

/** Step 2: the code from the email to the new address. */
function CodeStep({ pendingEmail, onDone, onRestart }: { pendingEmail: string; onDone: () => void; onRestart: () => void }) {
  const { updateUser } = useAuth();
  return (
    <div className="flex max-w-md flex-col gap-5">
      <FormSuccess title="Check your inbox">
        <p>{accountMessages.emailChangeCodeSent(pendingEmail)}</p>
      </FormSuccess>
      <CodeForm
        label="Code from the email"
        submitLabel="Confirm the new address"
        pendingLabel="Confirming..."
        schema={confirmEmailChangeSchema}
        onCode={async (code) => {
          updateUser(await accountApi.confirmEmailChange(code));
          toast.success(accountMessages.emailChanged);
          onDone();
        }}
      />
      <div>
        <Button variant="secondary" onClick={onRestart}>
          Use another address or send a new code
        </Button>
      </div>
    </div>
  );
}

/** The sign-in address: changed in two steps, the new one proven by a code sent to it. */
export function EmailChangeForm({ currentEmail, mfaEnabled }: { currentEmail: string; mfaEnabled: boolean }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  if (pendingEmail) {
    return <CodeStep pendingEmail={pendingEmail} onDone={() => setPendingEmail(null)} onRestart={() => setPendingEmail(null)} />;
  }
  return <NewAddressStep currentEmail={currentEmail} mfaEnabled={mfaEnabled} onCodeSent={setPendingEmail} />;
}

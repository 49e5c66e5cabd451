import { useState } from "react";
import { accountMessages, changeEmailSchema, confirmEmailChangeSchema } from "../../../shared/account";
import {
  AccountUsername,
  EmailField,
  FormAlert,
  FormSuccess,
  mutedTextClass,
  PasswordField,
  SubmitButton,
} from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { Button } from "../../components/ui/Button";
import { useAuth } from "../../lib/session/AuthProvider";
import { toast } from "../../lib/toast";
import { accountApi } from "./api";
import { CodeForm } from "./CodeForm";

/** Step 1: the new address and the password; the server emails a code to the new address. */
function NewAddressStep({ currentEmail, onCodeSent }: { currentEmail: string; onCodeSent: (pendingEmail: string) => void }) {
  const form = useApiForm(changeEmailSchema, { defaultValues: { newEmail: "", password: "" }, fields: ["newEmail", "password"] });

  const onSubmit = form.submit(async (input) => {
    const { pendingEmail } = await accountApi.requestEmailChange(input);
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
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  if (pendingEmail) {
    return <CodeStep pendingEmail={pendingEmail} onDone={() => setPendingEmail(null)} onRestart={() => setPendingEmail(null)} />;
  }
  return <NewAddressStep currentEmail={currentEmail} onCodeSent={setPendingEmail} />;
}

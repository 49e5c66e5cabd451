import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { z } from "zod";
import { accountMessages, deleteAccountSchema } from "../../../shared/account";
import type { SessionUser } from "../../../shared/auth";
import { authMessages } from "../../../shared/auth-messages";
import { AccountUsername, CodeField, FormAlert, mutedTextClass, PasswordField, TextField } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { Button } from "../../components/ui/Button";
import { useAuth } from "../../lib/session/AuthProvider";
import { accountApi } from "./api";

/** The typed word is checked like the server does; the authenticator code is asked for when two-step sign-in is on. */
const formSchema = (mfaEnabled: boolean) =>
  deleteAccountSchema
    .extend({
      confirmation: z.string().refine((typed): typed is "DELETE" => typed === "DELETE", accountMessages.deleteConfirmation),
      code: z.string(),
    })
    .refine((input) => !mfaEnabled || input.code.trim().length > 0, { path: ["code"], message: authMessages.mfaRequired });

/**
 * Deletes the account for good, after the password, the word DELETE and (with two-step sign-in) a code.
 * Then the browser leaves the portal for the home page and forgets the session there.
 */
export function DeleteAccountForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const deleted = useRef(false);
  const {
    register,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useApiForm(formSchema(user.mfaEnabled), {
    defaultValues: { password: "", confirmation: "", code: "" },
    fields: ["password", "confirmation", "code"],
  });

  // Forgetting the session while a guarded screen is shown would send the browser to /login:
  // it is forgotten once this screen has gone, on the home page.
  useEffect(
    () => () => {
      if (deleted.current) void signOut();
    },
    [signOut],
  );

  const onSubmit = submit(async ({ password, confirmation, code }) => {
    await accountApi.deleteAccount({ password, confirmation, code: user.mfaEnabled ? code.trim() : undefined });
    deleted.current = true;
    navigate("/account-deleted", { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-md flex-col gap-5">
      <div className={`flex flex-col gap-2 ${mutedTextClass}`}>
        <p>
          Your account, photo, devices, notifications and preferences are deleted and you are signed out everywhere. This cannot be undone.
        </p>
        <p>
          Projects where you were the client, messages and site records stay in the company's records without your account, as building
          records must. Download your data first if you want a copy.
        </p>
      </div>
      <AccountUsername email={user.email} />
      <PasswordField purpose="current" label="Your password" error={errors.password?.message} {...register("password")} />
      <TextField
        label="Type DELETE to confirm"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        error={errors.confirmation?.message}
        {...register("confirmation")}
      />
      {user.mfaEnabled ? (
        <CodeField
          label="Authentication code"
          hint="From your authenticator app, or a recovery code."
          error={errors.code?.message}
          {...register("code")}
        />
      ) : null}
      <FormAlert message={failure} />
      <div>
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? "Deleting your account..." : "Delete my account"}
        </Button>
      </div>
    </form>
  );
}

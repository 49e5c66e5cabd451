import { z } from "zod";
import { authMessages, changePasswordSchema, PASSWORD_MIN_LENGTH } from "../../../shared/auth";
import { toast } from "../toast/toast-store";
import { authApi } from "./api";
import { FormAlert, SubmitButton, TextField } from "./form-fields";
import { useApiForm } from "./use-api-form";

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch });

const emptyForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

const passwordChanged = "Your password has been changed. Other devices have been signed out.";

/** A signed-in user's new password; the server signs their other devices out. */
export function ChangePasswordForm({ email }: { email: string }) {
  const {
    register,
    submit,
    failure,
    reset,
    formState: { errors, isSubmitting },
  } = useApiForm(formSchema, { defaultValues: emptyForm, fields: ["currentPassword", "newPassword"] });

  const onSubmit = submit(async ({ currentPassword, newPassword }) => {
    await authApi.changePassword(currentPassword, newPassword);
    reset(emptyForm);
    toast.success(passwordChanged);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {/* For password managers: the account whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <FormAlert message={failure} />
      <SubmitButton pending={isSubmitting} label="Change password" pendingLabel="Changing password..." />
    </form>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { authMessages, changePasswordSchema, PASSWORD_MIN_LENGTH } from "../../../shared/auth";
import { zodResolver } from "../../lib/form-resolver";
import { toast } from "../toast/toast-store";
import { authApi } from "./api";
import { failureMessage, showFieldErrors } from "./form-errors";
import { FormAlert, SubmitButton, TextField } from "./form-fields";

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], message: authMessages.passwordsDoNotMatch });

const emptyForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

const passwordChanged = "Your password has been changed. Other devices have been signed out.";

/** A signed-in user's new password; the server signs their other devices out. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: emptyForm });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await authApi.changePassword(currentPassword, newPassword);
      reset(emptyForm);
      toast.success(passwordChanged);
    } catch (error) {
      showFieldErrors(error, setError, ["currentPassword", "newPassword"]);
      setFailure(failureMessage(error));
    }
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

import { changePasswordSchema } from "../../../shared/auth";
import { AccountUsername, FormAlert, PasswordField, SubmitButton } from "../../components/form/form-fields";
import { withPasswordConfirmation } from "../../components/form/password-confirmation";
import { useApiForm } from "../../components/form/use-api-form";
import { toast } from "../toast/toast-store";
import { authApi } from "./api";

const formSchema = withPasswordConfirmation(changePasswordSchema);

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
      <AccountUsername email={email} />
      <PasswordField purpose="current" label="Current password" error={errors.currentPassword?.message} {...register("currentPassword")} />
      <PasswordField purpose="new" label="New password" error={errors.newPassword?.message} {...register("newPassword")} />
      <PasswordField
        purpose="repeat"
        label="Confirm new password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <FormAlert message={failure} />
      <SubmitButton pending={isSubmitting} label="Change password" pendingLabel="Changing password..." />
    </form>
  );
}

import { changePasswordSchema } from "../../../shared/auth";
import { AccountUsername, FormAlert, PasswordField } from "../../components/form/form-fields";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { withPasswordConfirmation } from "../../components/form/password-confirmation";
import { useApiForm } from "../../components/form/use-api-form";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { toast } from "../../lib/toast";
import { authApi } from "./api";

const formSchema = withPasswordConfirmation(changePasswordSchema);

const emptyForm = { currentPassword: "", newPassword: "", confirmPassword: "" };

const passwordChanged = "Your password has been changed. Other devices have been signed out.";

/** A signed-in user's new password; the server signs their other devices out. */
export function ChangePasswordForm({ email }: { email: string }) {
  const form = useApiForm(formSchema, { defaultValues: emptyForm, fields: ["currentPassword", "newPassword"] });

  const onSubmit = form.submit(async ({ currentPassword, newPassword }) => {
    await authApi.changePassword(currentPassword, newPassword);
    form.reset(emptyForm);
    toast.success(passwordChanged);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <AccountUsername email={email} />
      <PasswordField purpose="current" label="Current password" {...form.field("currentPassword")} />
      <NewPasswordFields field={form.field} />
      <FormAlert message={form.failure} />
      <SubmitButton pending={form.formState.isSubmitting} label="Change password" pendingLabel="Changing password..." />
    </form>
  );
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type SecuritySettings, securitySettingsSchema } from "../../../shared/security";
import { FormAlert, TextField } from "../../components/form/form-fields";
import { Switch } from "../../components/form/Switch";
import { useApiForm } from "../../components/form/use-api-form";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { toast } from "../../lib/toast";
import { securityApi, securitySettingsQuery } from "./api";

const fields = ["passwordMinLength", "refuseCommonPasswords", "mfaRequiredForAdmins", "mfaRequiredForStaff"] as const;

function Form({ saved }: { saved: SecuritySettings }) {
  const queryClient = useQueryClient();
  const { field, register, submit, failure, reset, formState } = useApiForm(securitySettingsSchema, { defaultValues: saved, fields });
  const onSubmit = submit(async (values) => {
    reset(await securityApi.saveSettings(values));
    toast.success("Security settings saved.");
    await queryClient.invalidateQueries({ queryKey: securitySettingsQuery.queryKey });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Passwords</legend>
        <TextField
          label="Minimum length"
          type="number"
          inputMode="numeric"
          min={6}
          max={64}
          hint="6 at least."
          {...field("passwordMinLength")}
        />
        <Switch
          id="security-common-passwords"
          label="Refuse the 10,000 most common passwords"
          hint="The ones attackers try first; a person choosing one is asked for another."
          {...register("refuseCommonPasswords")}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Two-step sign-in</legend>
        <Switch
          id="security-mfa-admins"
          label="Two-step sign-in required for admins"
          hint="An admin without an authenticator app, you included, can do nothing else in the portal until they set one up. A passkey does not count."
          {...register("mfaRequiredForAdmins")}
        />
        <Switch
          id="security-mfa-staff"
          label="Two-step sign-in required for staff"
          hint="A staff member without an authenticator app can do nothing else in the portal until they set one up. A passkey does not count."
          {...register("mfaRequiredForStaff")}
        />
      </fieldset>
      <FormAlert message={failure} />
      <SubmitButton pending={formState.isSubmitting} label="Save security settings" pendingLabel="Saving..." />
    </form>
  );
}

/** GET/PUT /api/admin/security/settings, checked with the same schema as the server. */
export function SecuritySettingsForm() {
  const settings = useQuery(securitySettingsQuery);
  if (settings.isPending) return <LoadingMessage>Loading the security settings...</LoadingMessage>;
  if (settings.isError) return <ErrorMessage error={settings.error} onRetry={() => void settings.refetch()} />;
  return <Form saved={settings.data} />;
}

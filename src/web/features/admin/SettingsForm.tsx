import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type SiteSettings, siteSettingsSchema } from "../../../shared/admin";
import { EmailField, FormAlert, TextAreaField, TextField } from "../../components/form/form-fields";
import { Switch } from "../../components/form/Switch";
import { useApiForm } from "../../components/form/use-api-form";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { useSiteData } from "../../lib/site-data";
import { toast } from "../../lib/toast";
import { sitePaths } from "../site";
import { adminSettingsQuery, saveSettings } from "./api";

const fields = [
  "registrationOpen",
  "staffApprovalRequired",
  "maintenanceBanner",
  "contact.phone",
  "contact.email",
  "contact.enquiriesEmail",
  "contact.street",
  "contact.locality",
  "contact.region",
  "contact.postalCode",
] as const;

function Form({ saved }: { saved: SiteSettings }) {
  const queryClient = useQueryClient();
  const siteData = useSiteData();
  const { field, register, submit, failure, reset, formState } = useApiForm(siteSettingsSchema, { defaultValues: saved, fields });
  const onSubmit = submit(async (values) => {
    const next = await saveSettings(values);
    reset(next);
    toast.success("Settings saved. The public pages show them now.");
    // The footer, contact page and banner read the company details.
    siteData.invalidate(sitePaths.company);
    await queryClient.invalidateQueries({ queryKey: ["/admin/audit-log"] });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Accounts</legend>
        <Switch
          id="settings-registration"
          label="Registration is open"
          hint="When closed, /register says: New registrations are currently disabled. Please contact support."
          {...register("registrationOpen")}
        />
        <Switch
          id="settings-approval"
          label="New staff accounts need an administrator's approval"
          hint="When off, staff can sign in as soon as they confirm their email."
          {...register("staffApprovalRequired")}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Public contact details</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Phone" type="tel" {...field("contact.phone")} />
          <EmailField label="Email" {...field("contact.email")} />
          <EmailField label="Enquiries email" {...field("contact.enquiriesEmail")} />
          <TextField label="Street" {...field("contact.street")} />
          <TextField label="Town or city" {...field("contact.locality")} />
          <TextField label="State" {...field("contact.region")} />
          <TextField label="Postal code" optional {...field("contact.postalCode")} />
        </div>
      </fieldset>
      <TextAreaField
        label="Maintenance banner"
        optional
        hint="Shown at the top of every page while it has text. Empty it to take the banner down."
        {...field("maintenanceBanner")}
      />
      <FormAlert message={failure} />
      <SubmitButton pending={formState.isSubmitting} label="Save settings" pendingLabel="Saving..." />
    </form>
  );
}

/** GET/PUT /api/admin/settings, checked with the same schema as the server. */
export function SettingsForm() {
  const settings = useQuery(adminSettingsQuery());
  if (settings.isPending) return <LoadingMessage>Loading settings...</LoadingMessage>;
  if (settings.isError) return <ErrorMessage error={settings.error} onRetry={() => void settings.refetch()} />;
  return <Form saved={settings.data} />;
}

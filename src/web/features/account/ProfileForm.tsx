import { profileSchema, type SessionUser } from "../../../shared/auth";
import { FormAlert, TextField } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { useAuth } from "../../lib/session/AuthProvider";
import { toast } from "../../lib/toast";
import { accountApi } from "./api";

const fields = ["firstName", "lastName", "phone", "location", "company"] as const;

/** Name, phone, location and company: saved to the account, shown at once everywhere. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const {
    register,
    submit,
    failure,
    formState: { errors, isSubmitting },
  } = useApiForm(profileSchema, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      location: user.location,
      company: user.company,
    },
    fields,
  });

  const onSubmit = submit(async (changes) => {
    const saved = await accountApi.updateProfile(changes);
    // The settings screen keys this form by the saved values: it starts again from them.
    updateUser(saved);
    toast.success("Profile saved.");
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
      <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
      <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
      <TextField label="Phone" type="tel" autoComplete="tel" optional error={errors.phone?.message} {...register("phone")} />
      <TextField label="Location" autoComplete="address-level2" optional error={errors.location?.message} {...register("location")} />
      <div className="sm:col-span-2">
        <TextField label="Company" autoComplete="organization" optional error={errors.company?.message} {...register("company")} />
      </div>
      <FormAlert className="sm:col-span-2" message={failure} />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={isSubmitting} label="Save profile" pendingLabel="Saving..." />
      </div>
    </form>
  );
}

import { useState } from "react";
import { useForm } from "react-hook-form";
import { type ProfileInput, profileSchema, type SessionUser } from "../../../shared/auth";
import { zodResolver } from "../../lib/form-resolver";
import { useAuth } from "../auth/AuthProvider";
import { authApi } from "../auth/api";
import { failureMessage, showFieldErrors } from "../auth/form-errors";
import { FormAlert, SubmitButton, TextField } from "../auth/form-fields";
import { toast } from "../toast/toast-store";

const fields = ["firstName", "lastName", "phone", "location", "company"] as const;

/** Name, phone, location and company: saved to the account, shown at once everywhere. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const { updateUser } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      location: user.location,
      company: user.company,
    },
  });

  const onSubmit = handleSubmit(async (changes) => {
    setFailure(null);
    try {
      const saved = await authApi.updateProfile(changes);
      // The settings screen keys this form by the saved values: it starts again from them.
      updateUser(saved);
      toast.success("Profile saved.");
    } catch (error) {
      showFieldErrors(error, setError, fields);
      setFailure(failureMessage(error));
    }
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

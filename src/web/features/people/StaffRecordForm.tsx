import { useQueryClient } from "@tanstack/react-query";
import { JOB_TITLE_MAX, PHONE_EXTENSION_MAX, type StaffMember, staffDetailsSchema } from "../../../shared/people";
import { FormAlert, TextField } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { toast } from "../../lib/toast";
import { peopleQuery, saveStaffDetails } from "./api";

/** HR's (or an admin's) form for one person's job title and extension; what was typed stays when the server refuses it. */
export function StaffRecordForm({ person, onSaved }: { person: StaffMember; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const { field, submit, failure, formState } = useApiForm(staffDetailsSchema, {
    defaultValues: { jobTitle: person.jobTitle, phoneExtension: person.phoneExtension },
    fields: ["jobTitle", "phoneExtension"],
  });
  const onSubmit = submit(async (values) => {
    await saveStaffDetails(person.id, values);
    toast.success(`${person.firstName} ${person.lastName}'s record is saved.`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ["/users"] }),
    ]);
    onSaved();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField label="Job title" optional maxLength={JOB_TITLE_MAX} autoComplete="off" data-autofocus {...field("jobTitle")} />
      <TextField
        label="Phone extension"
        optional
        hint={`Digits only, up to ${PHONE_EXTENSION_MAX}.`}
        inputMode="numeric"
        maxLength={PHONE_EXTENSION_MAX}
        autoComplete="off"
        {...field("phoneExtension")}
      />
      <FormAlert message={failure} />
      <SubmitButton pending={formState.isSubmitting} label="Save record" pendingLabel="Saving..." />
    </form>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { ANNOUNCE_TO_ALL, announcementSchema } from "../../../shared/admin";
import { departments, GENERAL_USERS } from "../../../shared/departments";
import { FormAlert, SelectField, TextAreaField, TextField } from "../../components/form/form-fields";
import { useApiForm } from "../../components/form/use-api-form";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { toast } from "../../lib/toast";
import { sendAnnouncement } from "./api";

const staffDepartments = departments.filter((department) => department.name !== GENERAL_USERS);
const emptyAnnouncement: z.input<typeof announcementSchema> = { audience: ANNOUNCE_TO_ALL, title: "", body: "" };

/** An announcement to all staff or one department: each of them is notified live, and it is listed in the portal. */
export function AnnouncementForm() {
  const queryClient = useQueryClient();
  const { field, submit, failure, reset, formState } = useApiForm(announcementSchema, {
    defaultValues: emptyAnnouncement,
    fields: ["audience", "title", "body"],
  });
  const onSubmit = submit(async (values) => {
    await sendAnnouncement(values);
    reset(emptyAnnouncement);
    toast.success(`Announcement sent to ${values.audience === ANNOUNCE_TO_ALL ? "all staff" : values.audience}.`);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["/announcements"] }),
      queryClient.invalidateQueries({ queryKey: ["/admin/audit-log"] }),
    ]);
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <SelectField label="To" {...field("audience")}>
        <option value={ANNOUNCE_TO_ALL}>All staff</option>
        {staffDepartments.map((department) => (
          <option key={department.name} value={department.name}>
            {department.name} department
          </option>
        ))}
      </SelectField>
      <TextField label="Title" maxLength={120} {...field("title")} />
      <TextAreaField label="Message" optional maxLength={2000} {...field("body")} />
      <FormAlert message={failure} />
      <SubmitButton pending={formState.isSubmitting} label="Send announcement" pendingLabel="Sending..." />
    </form>
  );
}

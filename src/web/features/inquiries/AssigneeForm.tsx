import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { INQUIRY_DEPARTMENTS } from "../../../shared/access";
import type { InquiryItem } from "../../../shared/inquiries";
import type { DirectoryEntry } from "../../../shared/staff-directory";
import { FormAlert, inputClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { ErrorMessage } from "../../components/ui/StatusMessage";
import { staffDirectoryQuery } from "../../lib/queries/staff-directory";
import { useAuth } from "../../lib/session/AuthProvider";
import { updateFailure, useInquiryUpdate } from "./use-inquiry-update";

const fullName = (person: DirectoryEntry) => `${person.firstName} ${person.lastName}`;

/** Who may be given an inquiry (the server checks the same): admins and the inquiry departments' staff, by department. */
function assigneeGroups(people: DirectoryEntry[]): { label: string; people: DirectoryEntry[] }[] {
  const groups = INQUIRY_DEPARTMENTS.map((department) => ({
    label: department,
    people: people.filter((person) => person.role === "staff" && person.department === department),
  }));
  return [...groups, { label: "Administrators", people: people.filter((person) => person.role === "admin") }].filter(
    (group) => group.people.length > 0,
  );
}

/** Who handles the inquiry: anyone of the inquiry departments or an admin, or oneself in one click. */
export function AssigneeForm({ inquiry }: { inquiry: InquiryItem }) {
  const { user } = useAuth();
  const people = useQuery(staffDirectoryQuery);
  const [assigneeId, setAssigneeId] = useState(inquiry.assignedTo?.id ?? "");
  const save = useInquiryUpdate(inquiry.id);

  if (people.isError) return <ErrorMessage error={people.error} onRetry={() => void people.refetch()} />;
  const groups = assigneeGroups(people.data?.users ?? []);
  const listed = groups.some((group) => group.people.some((person) => person.id === inquiry.assignedTo?.id));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ assignedToId: assigneeId || null });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1 font-medium">
          Assigned to
          <select className={inputClass} value={assigneeId} onChange={(event) => setAssigneeId(event.target.value)}>
            <option value="">Nobody yet</option>
            {/* Someone who can no longer be chosen still shows as the current assignee. */}
            {inquiry.assignedTo && !listed ? <option value={inquiry.assignedTo.id}>{inquiry.assignedTo.name}</option> : null}
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {fullName(person)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary" disabled={save.isPending || people.isPending}>
          {save.isPending ? "Saving..." : "Save assignee"}
        </Button>
        {user && inquiry.assignedTo?.id !== user.id ? (
          <Button disabled={save.isPending} onClick={() => save.mutate({ assignedToId: user.id })}>
            Assign to me
          </Button>
        ) : null}
      </div>
      <FormAlert message={save.isError ? updateFailure(save.error, "assignedToId") : null} />
    </form>
  );
}

import { Mail, Phone } from "lucide-react";
import { useState } from "react";
import { roleLabels } from "../../../shared/departments";
import type { DepartmentStaff, StaffMember } from "../../../shared/people";
import { inputClass, linkClass, mutedTextClass } from "../../components/form/form-fields";
import { Avatar } from "../../components/ui/Avatar";
import { DialogButton } from "../../components/ui/DialogButton";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { ResultCount } from "../../components/ui/ResultCount";
import { EmptyMessage } from "../../components/ui/StatusMessage";
import { StaffRecordForm } from "./StaffRecordForm";

const fullName = (person: StaffMember) => `${person.firstName} ${person.lastName}`;

/** Whether every word typed is the start of a word of the person's name ("ada o" finds Ada Obi). */
function matchesName(person: StaffMember, search: string): boolean {
  const names = fullName(person).toLowerCase().split(/\s+/);
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => names.some((name) => name.startsWith(word)));
}

function Person({ person, canEdit }: { person: StaffMember; canEdit: boolean }) {
  return (
    <li className="flex min-w-0 gap-3 py-3">
      <Avatar person={person} size="md" />
      <div className="flex min-w-0 flex-col items-start gap-0.5">
        <p className="font-semibold">
          {fullName(person)}
          {person.role === "admin" ? <span className={`font-normal ${mutedTextClass}`}> · {roleLabels.admin}</span> : null}
        </p>
        {person.jobTitle ? <p className="text-sm">{person.jobTitle}</p> : null}
        <p className={`text-sm ${mutedTextClass}`}>
          {person.department_code ? <span className="font-mono">{person.department_code} · </span> : null}
          {person.lastLoginAt ? (
            <>
              last signed in <RelativeTime iso={person.lastLoginAt} />
            </>
          ) : (
            "has not signed in yet"
          )}
        </p>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <a href={`mailto:${person.email}`} className={`${linkClass} inline-flex items-center gap-1 break-all`}>
            <Mail aria-hidden className="size-4 shrink-0" />
            {person.email}
          </a>
          {person.phone ? (
            <a href={`tel:${person.phone.replace(/\s+/g, "")}`} className={`${linkClass} inline-flex items-center gap-1`}>
              <Phone aria-hidden className="size-4 shrink-0" />
              {person.phone}
            </a>
          ) : null}
          {person.phoneExtension ? <span>Ext. {person.phoneExtension}</span> : null}
        </p>
        {canEdit ? (
          <DialogButton
            label="Edit record"
            accessibleName={`Edit the record of ${fullName(person)}`}
            variant="secondary"
            title={`${fullName(person)}'s record`}
            description="The job title and desk extension the staff directory shows."
          >
            {(close) => <StaffRecordForm person={person} onSaved={close} />}
          </DialogButton>
        ) : null}
      </div>
    </li>
  );
}

/** The staff by department, searchable by name (HR and admins edit each record); departments without anyone matching are left out. */
export function StaffDirectoryList({ departments, canEdit }: { departments: DepartmentStaff[]; canEdit: boolean }) {
  const [search, setSearch] = useState("");
  const shown = departments
    .map((department) => ({ ...department, staff: department.staff.filter((person) => matchesName(person, search)) }))
    .filter((department) => department.staff.length > 0);
  const found = shown.reduce((sum, department) => sum + department.staff.length, 0);

  return (
    <div className="flex flex-col gap-4">
      <search>
        <label className="font-medium">
          Search by name
          <input type="search" className={inputClass} value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
      </search>
      {search ? <ResultCount count={found} one="person found" many="people found" /> : null}
      {shown.length === 0 ? (
        <EmptyMessage title={search ? `Nobody is called "${search}".` : "Nobody is in the directory yet."}>
          {search ? null : "Staff appear here once an administrator approves them."}
        </EmptyMessage>
      ) : (
        shown.map((department) => {
          const headingId = `department-${department.department.replace(/\W+/g, "-").toLowerCase()}`;
          return (
            <section key={department.department} aria-labelledby={headingId}>
              <h3 id={headingId} className="border-b border-neutral-light pb-1 font-bold dark:border-brand-700">
                {department.department} <span className={`font-normal ${mutedTextClass}`}>({department.headcount})</span>
              </h3>
              <ul className="grid gap-x-6 sm:grid-cols-2">
                {department.staff.map((person) => (
                  <Person key={person.id} person={person} canEdit={canEdit} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}

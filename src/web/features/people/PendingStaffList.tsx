import type { PendingStaffAccount } from "../../../shared/people";
import { mutedTextClass } from "../../components/form/form-fields";
import { ApproveButton } from "../../components/ui/ApproveButton";
import { EmptyMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { accountFiguresKeys } from "../admin";
import { approveStaff, peopleQuery } from "./api";

/** Staff who registered and wait to be let in; HR and admins approve them here, the Admin department sees who is coming. */
export function PendingStaffList({ pending, canApprove }: { pending: PendingStaffAccount[]; canApprove: boolean }) {
  const formats = useDateFormats();
  if (pending.length === 0) {
    return <EmptyMessage title="No staff account is waiting for approval.">New staff registrations appear here.</EmptyMessage>;
  }
  return (
    <div className="flex flex-col gap-3">
      {canApprove ? null : (
        <p className={mutedTextClass}>HR or an administrator approves these accounts; they can sign in once approved.</p>
      )}
      <ul aria-label="Staff awaiting approval" className="divide-y divide-neutral-light dark:divide-brand-700">
        {pending.map((account) => {
          const name = `${account.firstName} ${account.lastName}`;
          return (
            <li key={account.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold">{name}</p>
                <p className="text-sm break-all">{account.email}</p>
                <p className={`text-sm ${mutedTextClass}`}>
                  {account.department}
                  {account.department_code ? (
                    <>
                      {" · "}
                      <span className="font-mono">{account.department_code}</span>
                    </>
                  ) : null}
                  {` · registered ${formats.date(account.registeredAt)}`}
                  {account.emailConfirmed ? "" : " · email not confirmed yet"}
                </p>
              </div>
              {canApprove ? (
                <ApproveButton
                  name={name}
                  approve={() => approveStaff(account.id)}
                  refresh={[...accountFiguresKeys, peopleQuery.queryKey]}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

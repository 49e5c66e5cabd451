import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { PendingStaffAccount } from "../../../shared/people";
import { Button } from "../../components/ui/Button";
import { EmptyMessage } from "../../components/ui/StatusMessage";
import { formatDate } from "../../lib/format";
import { approveAccount } from "../admin/api";
import { failureMessage } from "../auth/form-errors";
import { InlineAlert, mutedTextClass } from "../auth/form-fields";
import { toast } from "../toast/toast-store";
import { peopleQuery } from "./api";

function ApproveButton({ account, name }: { account: PendingStaffAccount; name: string }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const approval = useMutation({
    mutationFn: () => approveAccount(account.id),
    onSuccess: async () => {
      toast.success(`${name} can now sign in.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["/admin/users"] }),
      ]);
    },
    onError: (error) => setFailure(failureMessage(error)),
  });
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button onClick={() => approval.mutate()} disabled={approval.isPending} aria-label={`Approve ${name}`}>
        {approval.isPending ? "Approving..." : "Approve"}
      </Button>
      <InlineAlert message={failure} />
    </div>
  );
}

/** Staff who registered and wait to be let in; admins approve them here, HR sees who is coming. */
export function PendingStaffList({ pending, canApprove }: { pending: PendingStaffAccount[]; canApprove: boolean }) {
  if (pending.length === 0) {
    return <EmptyMessage title="No staff account is waiting for approval.">New staff registrations appear here.</EmptyMessage>;
  }
  return (
    <div className="flex flex-col gap-3">
      {canApprove ? null : <p className={mutedTextClass}>An administrator approves these accounts; they can sign in once approved.</p>}
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
                  {` · registered ${formatDate(account.registeredAt)}`}
                  {account.emailConfirmed ? "" : " · email not confirmed yet"}
                </p>
              </div>
              {canApprove ? <ApproveButton account={account} name={name} /> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

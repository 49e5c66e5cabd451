import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminUserRow } from "../../../shared/admin-users";
import { Avatar } from "../../components/ui/Avatar";
import { Button } from "../../components/ui/Button";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { formatDate } from "../../lib/format";
import { failureMessage } from "../auth/form-errors";
import { InlineAlert } from "../auth/form-fields";
import { toast } from "../toast/toast-store";
import { adminUsersQuery, approveAccount } from "./api";

function PendingAccount({ account }: { account: AdminUserRow }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const approval = useMutation({
    mutationFn: () => approveAccount(account.id),
    onSuccess: async () => {
      toast.success(`${account.firstName} ${account.lastName} can now sign in.`);
      await queryClient.invalidateQueries({ queryKey: ["/admin/users"] });
    },
    onError: (error) => setFailure(failureMessage(error)),
  });
  const name = `${account.firstName} ${account.lastName}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar person={account} size="md" />
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className="break-all text-sm">{account.email}</p>
          <p className="text-sm text-brand-700 dark:text-neutral-light">
            {account.department} · <span className="font-mono">{account.department_code}</span> · registered {formatDate(account.createdAt)}
            {account.emailVerified ? "" : " · email not confirmed yet"}
          </p>
          <InlineAlert message={failure} />
        </div>
      </div>
      <Button onClick={() => approval.mutate()} disabled={approval.isPending} aria-label={`Approve ${name}`}>
        {approval.isPending ? "Approving..." : "Approve"}
      </Button>
    </li>
  );
}

/** Staff accounts that wait for an admin before they can sign in. */
export function PendingApprovals() {
  const pending = useQuery(adminUsersQuery({ status: "pending", page: 1 }));
  if (pending.isPending) return <LoadingMessage>Loading the accounts awaiting approval...</LoadingMessage>;
  if (pending.isError) return <ErrorMessage error={pending.error} onRetry={() => void pending.refetch()} />;
  if (pending.data.items.length === 0) {
    return <EmptyMessage title="No account is waiting for approval.">New staff registrations appear here.</EmptyMessage>;
  }
  return (
    <ul className="divide-y divide-neutral-light dark:divide-brand-700">
      {pending.data.items.map((account) => (
        <PendingAccount key={account.id} account={account} />
      ))}
    </ul>
  );
}

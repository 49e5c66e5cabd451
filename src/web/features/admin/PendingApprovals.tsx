import { useQuery } from "@tanstack/react-query";
import type { AdminUserRow } from "../../../shared/admin-users";
import { ApproveButton } from "../../components/ui/ApproveButton";
import { Avatar } from "../../components/ui/Avatar";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { accountFiguresKeys, adminUsersQuery, approveAccount } from "./api";

function PendingAccount({ account }: { account: AdminUserRow }) {
  const formats = useDateFormats();
  const name = `${account.firstName} ${account.lastName}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar person={account} size="md" />
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className="break-all text-sm">{account.email}</p>
          <p className="text-sm text-brand-700 dark:text-neutral-light">
            {account.department} · <span className="font-mono">{account.department_code}</span> · registered{" "}
            {formats.date(account.createdAt)}
            {account.emailVerified ? "" : " · email not confirmed yet"}
          </p>
        </div>
      </div>
      <ApproveButton name={name} approve={() => approveAccount(account.id)} refresh={accountFiguresKeys} />
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

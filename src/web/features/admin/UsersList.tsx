import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminUserRow, AdminUsersQuery } from "../../../shared/admin-users";
import { roleLabels } from "../../../shared/departments";
import { Avatar } from "../../components/ui/Avatar";
import { FilterSelect } from "../../components/ui/FilterSelect";
import { Pager } from "../../components/ui/Pager";
import { ResultCount } from "../../components/ui/ResultCount";
import { SearchForm } from "../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { pageOf, pickAllowed, useSearchFilters } from "../../lib/use-search-filters";
import { AccountControls } from "./AccountControls";
import { adminUsersQuery } from "./api";

function statusOf(account: AdminUserRow): string {
  if (!account.active) return "Blocked";
  if (!account.approved) return "Awaiting approval";
  if (!account.emailVerified) return "Email not confirmed";
  return "Active";
}

const statuses = ["pending", "active", "blocked"] as const;
const roles = ["admin", "staff", "user"] as const;

/**
 * Every account, searchable and filtered by status and role (the filters live in the address, so a reload keeps
 * them), each with its role and department menus, block and delete; `selfId` is the signed-in admin's account.
 */
export function UsersList({ selfId }: { selfId: string }) {
  const formats = useDateFormats();
  const { params, update } = useSearchFilters();
  const query: AdminUsersQuery = {
    status: pickAllowed(params.get("status"), statuses),
    role: pickAllowed(params.get("role"), roles),
    search: params.get("search") ?? undefined,
    page: pageOf(params),
  };
  const users = useQuery({ ...adminUsersQuery(query), placeholderData: keepPreviousData });
  const pageCount = users.data?.pageCount ?? 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchForm
          label="Search by name or email"
          initial={query.search ?? ""}
          onSearch={(text) => update({ search: text || undefined })}
        />
        <FilterSelect label="Status" value={query.status} onChange={(status) => update({ status })}>
          <option value="pending">Awaiting approval</option>
          <option value="active">Active</option>
          <option value="blocked">Blocked</option>
        </FilterSelect>
        <FilterSelect label="Role" value={query.role} onChange={(role) => update({ role })}>
          <option value="admin">Administrators</option>
          <option value="staff">Staff</option>
          <option value="user">Clients</option>
        </FilterSelect>
      </div>
      {users.isPending ? <LoadingMessage>Loading accounts...</LoadingMessage> : null}
      {users.isError ? <ErrorMessage error={users.error} onRetry={() => void users.refetch()} /> : null}
      {users.data && users.data.items.length === 0 ? <EmptyMessage title="No account matches these filters." /> : null}
      {users.data && users.data.items.length > 0 ? (
        <>
          <ResultCount count={users.data.total} one="account" many="accounts" />
          <ul className="divide-y divide-neutral-light dark:divide-brand-700" aria-busy={users.isFetching}>
            {users.data.items.map((account) => (
              <li key={account.id} className="flex flex-col gap-3 py-4">
                <div className="grid gap-2 sm:grid-cols-[1fr_10rem_10rem] sm:items-center">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar person={account} />
                    <div className="min-w-0">
                      <p className="font-semibold">
                        {account.firstName} {account.lastName}
                      </p>
                      <p className="break-all text-sm">{account.email}</p>
                    </div>
                  </div>
                  <p className="text-sm">
                    {roleLabels[account.role]}
                    {account.role === "user" ? "" : ` · ${account.department}`}
                  </p>
                  <p className="text-sm">
                    <span className="font-medium">{statusOf(account)}</span>
                    <br />
                    <span className="text-brand-700 dark:text-neutral-light">
                      {account.lastLoginAt
                        ? `Last sign-in ${formats.dateTime(account.lastLoginAt)}`
                        : `Joined ${formats.date(account.createdAt)}`}
                    </span>
                  </p>
                </div>
                <AccountControls account={account} isSelf={account.id === selfId} />
              </li>
            ))}
          </ul>
          <Pager label="Pages of accounts" page={query.page} pageCount={pageCount} onPage={(page) => update({ page: String(page) })} />
        </>
      ) : null}
    </div>
  );
}

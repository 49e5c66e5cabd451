import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import type { AdminUserRow, AdminUsersQuery } from "../../../shared/admin-users";
import { roleLabels } from "../../../shared/departments";
import { Avatar } from "../../components/ui/Avatar";
import { Button } from "../../components/ui/Button";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { formatDate, formatDateTime } from "../../lib/format";
import { withChanges } from "../../lib/search-params";
import { inputClass } from "../auth/form-fields";
import { adminUsersQuery } from "./api";

function statusOf(account: AdminUserRow): string {
  if (!account.active) return "Blocked";
  if (!account.approved) return "Awaiting approval";
  if (!account.emailVerified) return "Email not confirmed";
  return "Active";
}

const statuses = ["pending", "active", "blocked"] as const;
const roles = ["admin", "staff", "user"] as const;
const pick = <T extends string>(value: string | null, allowed: readonly T[]) => allowed.find((item) => item === value);

/** Every account, searchable and filtered by status and role; the filters live in the address, so a reload keeps them. */
export function UsersList() {
  const [params, setParams] = useSearchParams();
  const query: AdminUsersQuery = {
    status: pick(params.get("status"), statuses),
    role: pick(params.get("role"), roles),
    search: params.get("search") ?? undefined,
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const [search, setSearch] = useState(query.search ?? "");
  const users = useQuery({ ...adminUsersQuery(query), placeholderData: keepPreviousData });

  const update = (changes: Record<string, string | undefined>) => setParams(withChanges(params, changes), { replace: true });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() || undefined });
  };
  const pageCount = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <search className="flex-1">
          <form onSubmit={onSearch} className="flex items-end gap-2">
            <label className="flex-1 font-medium">
              Search by name or email
              <input type="search" className={inputClass} value={search} onChange={(event) => setSearch(event.target.value)} />
            </label>
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
        </search>
        <label className="font-medium">
          Status
          <select
            className={inputClass}
            value={query.status ?? ""}
            onChange={(event) => update({ status: event.target.value || undefined })}
          >
            <option value="">All</option>
            <option value="pending">Awaiting approval</option>
            <option value="active">Active</option>
            <option value="blocked">Blocked</option>
          </select>
        </label>
        <label className="font-medium">
          Role
          <select className={inputClass} value={query.role ?? ""} onChange={(event) => update({ role: event.target.value || undefined })}>
            <option value="">All</option>
            <option value="admin">Administrators</option>
            <option value="staff">Staff</option>
            <option value="user">Clients</option>
          </select>
        </label>
      </div>
      {users.isPending ? <LoadingMessage>Loading accounts...</LoadingMessage> : null}
      {users.isError ? <ErrorMessage error={users.error} onRetry={() => void users.refetch()} /> : null}
      {users.data && users.data.items.length === 0 ? <EmptyMessage title="No account matches these filters." /> : null}
      {users.data && users.data.items.length > 0 ? (
        <>
          <p className="text-sm" aria-live="polite">
            {users.data.total} {users.data.total === 1 ? "account" : "accounts"}
          </p>
          <ul className="divide-y divide-neutral-light dark:divide-brand-700" aria-busy={users.isFetching}>
            {users.data.items.map((account) => (
              <li key={account.id} className="grid gap-2 py-3 sm:grid-cols-[1fr_10rem_10rem] sm:items-center">
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
                      ? `Last sign-in ${formatDateTime(account.lastLoginAt)}`
                      : `Joined ${formatDate(account.createdAt)}`}
                  </span>
                </p>
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <nav aria-label="Pages of accounts" className="flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={query.page === 1} onClick={() => update({ page: String(query.page - 1) })}>
                Previous
              </Button>
              <span>
                Page {query.page} of {pageCount}
              </span>
              <Button variant="secondary" disabled={query.page >= pageCount} onClick={() => update({ page: String(query.page + 1) })}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

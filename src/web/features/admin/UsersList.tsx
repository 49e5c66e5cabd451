import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  type AdminUserRow,
  type AdminUserSort,
  type AdminUserSortKey,
  type AdminUsersQuery,
  adminUserSorts,
  adminUserStatuses,
} from "../../../shared/admin-users";
import { departmentNames, roleLabels, roles } from "../../../shared/departments";
import { countOf } from "../../../shared/plural";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, inputClass, mutedTextClass } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Avatar } from "../../components/ui/Avatar";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { FilterSelect } from "../../components/ui/FilterSelect";
import { Pager } from "../../components/ui/Pager";
import { RelativeTime } from "../../components/ui/RelativeTime";
import { ResultCount } from "../../components/ui/ResultCount";
import { SearchForm } from "../../components/ui/SearchForm";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { saveFile } from "../../lib/save-file";
import { toast } from "../../lib/toast";
import { pageOf, pickAllowed, useSearchFilters } from "../../lib/use-search-filters";
import { AccountActions, nameOf } from "./AccountControls";
import { accountFiguresKeys, adminUsersQuery, approveAccounts, downloadAccountsCsv } from "./api";

function statusOf(account: AdminUserRow): string {
  if (!account.active) return "Blocked";
  if (!account.approved) return "Awaiting approval";
  if (!account.emailVerified) return "Email not confirmed";
  return "Active";
}

const isPending = (account: AdminUserRow) => account.role === "staff" && !account.approved && account.active;

const sortLabels: Record<AdminUserSort, string> = {
  name: "Name, A to Z",
  "-name": "Name, Z to A",
  email: "Email, A to Z",
  "-email": "Email, Z to A",
  role: "Role",
  "-role": "Role, reversed",
  department: "Department, A to Z",
  "-department": "Department, Z to A",
  status: "Awaiting approval first",
  "-status": "Blocked first",
  "-lastSignIn": "Latest sign-in first",
  lastSignIn: "Never signed in first",
  "-created": "Newest accounts first",
  created: "Oldest accounts first",
};

function Status({ account }: { account: AdminUserRow }) {
  const tone = !account.active
    ? "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200"
    : isPending(account)
      ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      : "bg-neutral-light text-brand-900 dark:bg-brand-700 dark:text-white";
  return <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium whitespace-nowrap ${tone}`}>{statusOf(account)}</span>;
}

function LastSignIn({ account }: { account: AdminUserRow }) {
  return account.lastLoginAt ? <RelativeTime iso={account.lastLoginAt} /> : <span>Never</span>;
}

const roleAndDepartment = (account: AdminUserRow) =>
  account.role === "user" ? roleLabels.user : `${roleLabels[account.role]} · ${account.department}`;

type Selection = { isSelected: (account: AdminUserRow) => boolean; toggle: (account: AdminUserRow) => void };

/** A pending account's box for bulk approval (others have none: only they can be approved). */
function SelectBox({ account, selection }: { account: AdminUserRow; selection: Selection }) {
  if (!isPending(account)) return null;
  return (
    <input
      type="checkbox"
      className="size-5"
      aria-label={`Select ${nameOf(account)}`}
      checked={selection.isSelected(account)}
      onChange={() => selection.toggle(account)}
    />
  );
}

/** A column heading that sorts the table by it: once ascending, again descending (the latest sign-in first first). */
function SortHeading({
  label,
  column,
  sort,
  onSort,
  className = "",
}: {
  label: string;
  column: AdminUserSortKey;
  sort: AdminUserSort | undefined;
  onSort: (sort: AdminUserSort) => void;
  className?: string;
}) {
  const direction = sort === column ? "ascending" : sort === `-${column}` ? "descending" : undefined;
  const firstWay: AdminUserSort = column === "lastSignIn" ? "-lastSignIn" : column;
  const next: AdminUserSort = direction === undefined ? firstWay : direction === "ascending" ? `-${column}` : column;
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={direction ?? "none"} className={`py-2 pr-3 font-medium ${className}`}>
      <button type="button" className="inline-flex min-h-10 items-center gap-1 font-medium hover:underline" onClick={() => onSort(next)}>
        {label}
        <Icon aria-hidden className="size-4" />
      </button>
    </th>
  );
}

type ListProps = { items: AdminUserRow[]; selfId: string; selection: Selection };

/** Wider screens: a table, sortable by its headings. */
function Table({
  items,
  selfId,
  selection,
  sort,
  onSort,
  allBox,
}: ListProps & { sort?: AdminUserSort; onSort: (sort: AdminUserSort) => void; allBox: ReactNode }) {
  const heading = { sort, onSort };
  return (
    <table className="hidden w-full text-left sm:table">
      <caption className="sr-only">Accounts</caption>
      <thead className={`border-b border-neutral-light text-sm dark:border-brand-700 ${mutedTextClass}`}>
        <tr>
          <th scope="col" className="w-8 py-2 pr-2">
            {allBox}
          </th>
          <SortHeading label="Name" column="name" {...heading} />
          <SortHeading label="Role" column="role" {...heading} />
          <SortHeading label="Department" column="department" className="hidden lg:table-cell" {...heading} />
          <SortHeading label="Status" column="status" {...heading} />
          <SortHeading label="Last sign-in" column="lastSignIn" className="hidden md:table-cell" {...heading} />
          <th scope="col" className="py-2 text-right font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-light dark:divide-brand-700">
        {items.map((account) => (
          <tr key={account.id} className="align-middle">
            <td className="py-3 pr-2">
              <SelectBox account={account} selection={selection} />
            </td>
            <td className="py-3 pr-3">
              <div className="flex min-w-0 items-center gap-3">
                <Avatar person={account} />
                <div className="min-w-0">
                  <p className="font-semibold">
                    {nameOf(account)}
                    {account.id === selfId ? <span className={`font-normal ${mutedTextClass}`}> (you)</span> : null}
                  </p>
                  <p className="text-sm break-all">{account.email}</p>
                </div>
              </div>
            </td>
            <td className="py-3 pr-3">{roleLabels[account.role]}</td>
            <td className="hidden py-3 pr-3 lg:table-cell">{account.role === "user" ? "—" : account.department}</td>
            <td className="py-3 pr-3">
              <Status account={account} />
            </td>
            <td className="hidden py-3 pr-3 md:table-cell">
              <LastSignIn account={account} />
            </td>
            <td className="py-3 text-right">
              <AccountActions account={account} isSelf={account.id === selfId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Phones: one compact row per account. */
function CompactList({ items, selfId, selection }: ListProps) {
  return (
    <ul aria-label="Accounts" className="divide-y divide-neutral-light sm:hidden dark:divide-brand-700">
      {items.map((account) => (
        <li key={account.id} className="flex items-start gap-2 py-3">
          <div className="flex min-h-10 items-center">
            <SelectBox account={account} selection={selection} />
          </div>
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">
              {nameOf(account)}
              {account.id === selfId ? <span className={`font-normal ${mutedTextClass}`}> (you)</span> : null}
            </p>
            <p className="text-sm break-all">{account.email}</p>
            <p className={`text-sm ${mutedTextClass}`}>
              {roleAndDepartment(account)} · <LastSignIn account={account} />
            </p>
            <Status account={account} />
          </div>
          <AccountActions account={account} isSelf={account.id === selfId} />
        </li>
      ))}
    </ul>
  );
}

/** The chosen pending accounts, let in at once after a confirmation naming them. */
function BulkApproval({ chosen, onDone }: { chosen: AdminUserRow[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const approval = useMutation({
    mutationFn: () => approveAccounts(chosen.map((account) => account.id)),
    onSuccess: async (result) => {
      toast.success(`${countOf(result.approved.length, "account")} approved. They can sign in now.`);
      setOpen(false);
      onDone();
      await Promise.all([...accountFiguresKeys, ["/admin/audit-log"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  if (chosen.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-neutral-light p-3 dark:border-brand-700">
      <p className="font-medium" aria-live="polite">
        {countOf(chosen.length, "account")} selected
      </p>
      <Button
        onClick={() => {
          approval.reset();
          setOpen(true);
        }}
      >
        Approve selected
      </Button>
      <ConfirmDialog
        open={open}
        title={`Approve ${countOf(chosen.length, "account")}?`}
        confirmLabel={`Approve ${chosen.length}`}
        pendingLabel="Approving..."
        pending={approval.isPending}
        failure={approval.isError ? failureMessage(approval.error) : null}
        onCancel={() => setOpen(false)}
        onConfirm={() => approval.mutate()}
      >
        <p>Each can sign in at once, in the department they registered in, and is told by email.</p>
        <ul className="mt-2 list-disc pl-5">
          {chosen.map((account) => (
            <li key={account.id}>
              {nameOf(account)} · {account.department}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}

/**
 * Every account in a table sorted, filtered and paged by the server (all of it in the address, so a reload keeps
 * it), compact rows on a phone; each row's actions in its menu, pending staff approved in bulk, and the filtered
 * accounts downloaded as CSV. `selfId` is the signed-in admin's account.
 */
export function UsersList({ selfId }: { selfId: string }) {
  const { params, update } = useSearchFilters();
  const query: AdminUsersQuery = {
    status: pickAllowed(params.get("status"), adminUserStatuses),
    role: pickAllowed(params.get("role"), roles),
    department: pickAllowed(params.get("department"), departmentNames),
    search: params.get("search") ?? undefined,
    sort: pickAllowed(params.get("sort"), adminUserSorts),
    page: pageOf(params),
  };
  const users = useQuery({ ...adminUsersQuery(query), placeholderData: keepPreviousData });
  const pageCount = users.data?.pageCount ?? 1;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const download = useAttempt();

  const items = users.data?.items ?? [];
  const selectable = items.filter(isPending);
  // Only what this page shows can be chosen: another page or filter leaves the others out.
  const chosen = selectable.filter((account) => selected.has(account.id));
  const selection: Selection = {
    isSelected: (account) => selected.has(account.id),
    toggle: (account) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(account.id)) next.delete(account.id);
        else next.add(account.id);
        return next;
      }),
  };
  const allChosen = selectable.length > 0 && chosen.length === selectable.length;
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(selectable.map((account) => account.id)));
  const allBox =
    selectable.length > 0 ? (
      <input
        type="checkbox"
        className="size-5"
        aria-label="Select every account awaiting approval on this page"
        checked={allChosen}
        onChange={toggleAll}
      />
    ) : null;
  const onSort = (sort: AdminUserSort) => update({ sort });
  const { page: _page, ...filters } = query;

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-[2fr_1fr_1fr_1fr_1fr] xl:items-end">
        <div className="md:col-span-2 xl:col-span-1">
          <SearchForm
            label="Search by name or email"
            initial={query.search ?? ""}
            onSearch={(text) => update({ search: text || undefined })}
          />
        </div>
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
        <FilterSelect label="Department" value={query.department} onChange={(department) => update({ department })}>
          {departmentNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </FilterSelect>
        <label className="font-medium">
          Sort by
          <select className={inputClass} value={query.sort ?? ""} onChange={(event) => update({ sort: event.target.value || undefined })}>
            <option value="">Awaiting approval, then newest</option>
            {adminUserSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {users.data ? <ResultCount count={users.data.total} one="account" many="accounts" /> : <span />}
        <Button
          variant="secondary"
          disabled={download.pending || users.data?.total === 0}
          onClick={() =>
            void download.attempt(async () => {
              const file = await downloadAccountsCsv(filters);
              saveFile(file.blob, file.fileName);
            })
          }
        >
          <Download aria-hidden className="size-4" />
          {download.pending ? "Preparing the CSV..." : "Download CSV"}
        </Button>
      </div>
      <FormAlert message={download.failure} />
      <BulkApproval chosen={chosen} onDone={() => setSelected(new Set())} />
      {users.isPending ? <LoadingMessage>Loading accounts...</LoadingMessage> : null}
      {users.isError ? <ErrorMessage error={users.error} onRetry={() => void users.refetch()} /> : null}
      {users.data && items.length === 0 ? (
        <EmptyMessage title="No account matches these filters.">
          Clear the search or choose another status, role or department.
        </EmptyMessage>
      ) : null}
      {items.length > 0 ? (
        <>
          <div aria-busy={users.isFetching}>
            <Table items={items} selfId={selfId} selection={selection} sort={query.sort} onSort={onSort} allBox={allBox} />
            {selectable.length > 0 ? (
              <label className="flex min-h-10 items-center gap-2 text-sm font-medium sm:hidden">
                <input type="checkbox" className="size-5" checked={allChosen} onChange={toggleAll} />
                Select every account awaiting approval on this page
              </label>
            ) : null}
            <CompactList items={items} selfId={selfId} selection={selection} />
          </div>
          <Pager label="Pages of accounts" page={query.page} pageCount={pageCount} onPage={(page) => update({ page: String(page) })} />
        </>
      ) : null}
    </div>
  );
}

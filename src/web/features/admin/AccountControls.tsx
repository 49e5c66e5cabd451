import { type ReactNode, useState } from "react";
import type { AdminUserRow } from "../../../shared/admin-users";
import { departments, GENERAL_USERS, type Role, roleLabels, roles } from "../../../shared/departments";
import { inputClass, TextAreaField, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { accountChanges } from "./api";
import { useAccountChange } from "./use-account-change";

const staffDepartments = departments.filter((department) => department.name !== GENERAL_USERS);
const nameOf = (account: AdminUserRow) => `${account.firstName} ${account.lastName}`;

/** A menu of one account's row, named for the person ("Role of Ada Eze"): choosing applies at once. */
function AccountMenu(props: {
  label: string;
  name: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="text-sm font-medium">
      {props.label}
      <select
        className={inputClass}
        aria-label={`${props.label} of ${props.name}`}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.children}
      </select>
    </label>
  );
}

/** What a role gives, said before an admin gives it. */
const roleMeaning: Record<Role, string> = {
  admin: "Administrators manage every account, the site's settings, security and analytics.",
  staff: "Staff work in their department's dashboard, on the projects they are assigned to.",
  user: "Clients see only their own projects, documents and conversations.",
};

type PendingChange = { kind: "role"; next: Role } | { kind: "department"; next: string };

/**
 * The role and department menus of one account; a client has no department until made staff. A choice is confirmed
 * in a dialog naming the person and the change (the person's open tabs follow at once), then told in a toast.
 */
function RoleAndDepartment({ account, isSelf }: { account: AdminUserRow; isSelf: boolean }) {
  const name = nameOf(account);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const role = useAccountChange(
    (next: Role) => accountChanges.role(account.id, next),
    (next) => `${name} is now ${roleLabels[next]}.`,
  );
  const department = useAccountChange(
    (next: string) => accountChanges.department(account.id, next),
    (next) => `${name} moved to ${next}.`,
  );
  const close = () => setPending(null);
  const confirm = () => {
    if (pending?.kind === "role") role.mutate(pending.next, { onSuccess: close });
    if (pending?.kind === "department") department.mutate(pending.next, { onSuccess: close });
  };
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <AccountMenu
        label="Role"
        name={name}
        value={account.role}
        disabled={isSelf || role.isPending}
        onChange={(next) => setPending({ kind: "role", next: next as Role })}
      >
        {roles.map((option) => (
          <option key={option} value={option}>
            {roleLabels[option]}
          </option>
        ))}
      </AccountMenu>
      {account.role === "user" ? null : (
        <AccountMenu
          label="Department"
          name={name}
          value={account.department}
          disabled={department.isPending}
          onChange={(next) => setPending({ kind: "department", next })}
        >
          {staffDepartments.map((option) => (
            <option key={option.name} value={option.name}>
              {option.name}
            </option>
          ))}
        </AccountMenu>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "department" ? `Move ${name} to ${pending.next}?` : `Make ${name} ${pending ? roleLabels[pending.next] : ""}?`
        }
        confirmLabel={pending?.kind === "department" ? "Move" : "Change role"}
        pendingLabel="Saving..."
        pending={role.isPending || department.isPending}
        onCancel={close}
        onConfirm={confirm}
      >
        {pending?.kind === "department" ? (
          <p>
            {name} leaves {account.department} for {pending.next}: a new department code is issued, and their dashboard, calls and channels
            become {pending.next}'s at once.
          </p>
        ) : pending ? (
          <p>
            {roleMeaning[pending.next]} {name}'s open tabs follow at once.
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

/** Block (with a reason kept in the audit log) or unblock; blocking ends the person's sessions at once. */
function BlockButton({ account }: { account: AdminUserRow }) {
  const name = nameOf(account);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const blocking = account.active;
  const change = useAccountChange(
    () => accountChanges.block(account.id, blocking, blocking ? reason.trim() || undefined : undefined),
    () => (blocking ? `${name} is blocked and signed out everywhere.` : `${name} can sign in again.`),
  );
  return (
    <>
      <Button variant="secondary" aria-label={`${blocking ? "Block" : "Unblock"} ${name}`} onClick={() => setOpen(true)}>
        {blocking ? "Block" : "Unblock"}
      </Button>
      <ConfirmDialog
        open={open}
        title={blocking ? `Block ${name}?` : `Unblock ${name}?`}
        confirmLabel={blocking ? "Block" : "Unblock"}
        pendingLabel={blocking ? "Blocking..." : "Unblocking..."}
        pending={change.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() =>
          change.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              setReason("");
            },
          })
        }
      >
        {blocking ? (
          <div className="flex flex-col gap-3">
            <p>Every session of {account.email} ends now, and sign-in is refused with 'Account is deactivated'.</p>
            <TextAreaField label="Reason" optional value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </div>
        ) : (
          <p>{account.email} can sign in again. Sessions that ended when the account was blocked stay ended.</p>
        )}
      </ConfirmDialog>
    </>
  );
}

/** Deletion, confirmed by typing the account's email: a slip of the mouse cannot delete anyone. */
function DeleteButton({ account }: { account: AdminUserRow }) {
  const name = nameOf(account);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const change = useAccountChange(
    () => accountChanges.remove(account.id),
    () => `${name}'s account is deleted.`,
  );
  const confirmed = typed.trim().toLowerCase() === account.email.toLowerCase();
  return (
    <>
      <Button variant="danger" aria-label={`Delete ${name}`} onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${name}?`}
        confirmLabel="Delete account"
        pendingLabel="Deleting..."
        pending={change.isPending}
        confirmDisabled={!confirmed}
        onCancel={() => {
          setOpen(false);
          setTyped("");
        }}
        onConfirm={() => change.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        <div className="flex flex-col gap-3">
          <p>
            This cannot be undone. Their projects stay without them; their messages, site diary entries, photos and documents stay without
            their name; their profile, photo, sessions and notifications are deleted.
          </p>
          <TextField
            label={`Type ${account.email} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}

/** What an admin can do to one account; their own account has no block, demotion or deletion. */
export function AccountControls({ account, isSelf }: { account: AdminUserRow; isSelf: boolean }) {
  return (
    <div className="flex flex-col gap-2">
      <RoleAndDepartment account={account} isSelf={isSelf} />
      {isSelf ? (
        <p className="text-sm">This is your account.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <BlockButton account={account} />
          <DeleteButton account={account} />
        </div>
      )}
    </div>
  );
}

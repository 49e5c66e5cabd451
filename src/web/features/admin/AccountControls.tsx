import { useState } from "react";
import type { AdminUserRow } from "../../../shared/admin-users";
import { departments, GENERAL_USERS, type Role, roleLabels, roles } from "../../../shared/departments";
import { SelectField, TextAreaField, TextField } from "../../components/form/form-fields";
import { ActionMenu, type ActionMenuItem } from "../../components/ui/ActionMenu";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { accountChanges } from "./api";
import { useAccountChange } from "./use-account-change";

const staffDepartments = departments.filter((department) => department.name !== GENERAL_USERS);
export const nameOf = (account: AdminUserRow) => `${account.firstName} ${account.lastName}`;

/** What a role gives, said before an admin gives it. */
const roleMeaning: Record<Role, string> = {
  admin: "Administrators manage every account, the site's settings, security and analytics.",
  staff: "Staff work in their department's dashboard, on the projects they are assigned to.",
  user: "Clients see only their own projects, documents and conversations.",
};

type Closing = { onClose: () => void };

/** A new role, confirmed in a dialog naming the person and the change (the person's open tabs follow at once). */
function RoleDialog({ account, next, onClose }: { account: AdminUserRow; next: Role | null } & Closing) {
  const name = nameOf(account);
  const role = useAccountChange(
    (role: Role) => accountChanges.role(account.id, role),
    (role) => `${name} is now ${roleLabels[role]}.`,
  );
  return (
    <ConfirmDialog
      open={next !== null}
      title={`Make ${name} ${next ? roleLabels[next] : ""}?`}
      confirmLabel="Change role"
      pendingLabel="Saving..."
      pending={role.isPending}
      onCancel={onClose}
      onConfirm={() => next && role.mutate(next, { onSuccess: onClose })}
    >
      {next ? (
        <p>
          {roleMeaning[next]} {name}'s open tabs follow at once.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/** Another department (a client has none until made staff): chosen in the dialog, which says what follows. */
function DepartmentDialog({ account, open, onClose }: { account: AdminUserRow; open: boolean } & Closing) {
  const name = nameOf(account);
  const [next, setNext] = useState(account.department);
  const department = useAccountChange(
    (department: string) => accountChanges.department(account.id, department),
    (department) => `${name} moved to ${department}.`,
  );
  const close = () => {
    setNext(account.department);
    onClose();
  };
  const moving = next !== account.department;
  return (
    <ConfirmDialog
      open={open}
      title={moving ? `Move ${name} to ${next}?` : `Move ${name} to another department?`}
      confirmLabel="Move"
      pendingLabel="Saving..."
      pending={department.isPending}
      confirmDisabled={!moving}
      onCancel={close}
      onConfirm={() => department.mutate(next, { onSuccess: close })}
    >
      <div className="flex flex-col gap-3">
        <SelectField label="Department" value={next} onChange={(event) => setNext(event.target.value)}>
          {staffDepartments.map((option) => (
            <option key={option.name} value={option.name}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <p>
          {moving
            ? `${name} leaves ${account.department} for ${next}: a new department code is issued, and their dashboard, calls and channels become ${next}'s at once.`
            : `${name} works in ${account.department}. Choose the department they move to.`}
        </p>
      </div>
    </ConfirmDialog>
  );
}

/** Block (with a reason kept in the audit log) or unblock; blocking ends the person's sessions at once. */
function BlockDialog({ account, open, onClose }: { account: AdminUserRow; open: boolean } & Closing) {
  const name = nameOf(account);
  const [reason, setReason] = useState("");
  const blocking = account.active;
  const change = useAccountChange(
    () => accountChanges.block(account.id, blocking, blocking ? reason.trim() || undefined : undefined),
    () => (blocking ? `${name} is blocked and signed out everywhere.` : `${name} can sign in again.`),
  );
  return (
    <ConfirmDialog
      open={open}
      title={blocking ? `Block ${name}?` : `Unblock ${name}?`}
      confirmLabel={blocking ? "Block" : "Unblock"}
      pendingLabel={blocking ? "Blocking..." : "Unblocking..."}
      pending={change.isPending}
      onCancel={onClose}
      onConfirm={() =>
        change.mutate(undefined, {
          onSuccess: () => {
            onClose();
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
  );
}

/** Deletion, confirmed by typing the account's email: a slip of the mouse cannot delete anyone. */
function DeleteDialog({ account, open, onClose }: { account: AdminUserRow; open: boolean } & Closing) {
  const name = nameOf(account);
  const [typed, setTyped] = useState("");
  const change = useAccountChange(
    () => accountChanges.remove(account.id),
    () => `${name}'s account is deleted.`,
  );
  const confirmed = typed.trim().toLowerCase() === account.email.toLowerCase();
  return (
    <ConfirmDialog
      open={open}
      title={`Delete ${name}?`}
      confirmLabel="Delete account"
      pendingLabel="Deleting..."
      pending={change.isPending}
      confirmDisabled={!confirmed}
      onCancel={() => {
        onClose();
        setTyped("");
      }}
      onConfirm={() => change.mutate(undefined, { onSuccess: onClose })}
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
  );
}

type Open = { kind: "role"; next: Role } | { kind: "department" } | { kind: "block" } | { kind: "delete" } | null;

/**
 * What an admin can do to one account, in its row's menu: another role, another department, block or unblock,
 * delete; each confirmed in its dialog. Their own account has no role change, block or deletion.
 */
export function AccountActions({ account, isSelf }: { account: AdminUserRow; isSelf: boolean }) {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const items: ActionMenuItem[] = [
    ...(isSelf
      ? []
      : roles
          .filter((role) => role !== account.role)
          .map((role) => ({ label: `Make ${roleLabels[role]}`, onSelect: () => setOpen({ kind: "role", next: role }) }))),
    ...(account.role === "user" ? [] : [{ label: "Move to another department", onSelect: () => setOpen({ kind: "department" }) }]),
    ...(isSelf
      ? []
      : [
          { label: account.active ? "Block" : "Unblock", onSelect: () => setOpen({ kind: "block" }) },
          { label: "Delete", danger: true, onSelect: () => setOpen({ kind: "delete" }) },
        ]),
  ];
  return (
    <>
      <ActionMenu label={`Actions for ${nameOf(account)}`} items={items} />
      <RoleDialog account={account} next={open?.kind === "role" ? open.next : null} onClose={close} />
      {account.role === "user" ? null : (
        <DepartmentDialog key={account.department} account={account} open={open?.kind === "department"} onClose={close} />
      )}
      <BlockDialog account={account} open={open?.kind === "block"} onClose={close} />
      <DeleteDialog account={account} open={open?.kind === "delete"} onClose={close} />
    </>
  );
}

import { type ReactNode, useState } from "react";
import { useAttempt } from "../form/use-attempt";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";

type Props = {
  /** The button's text, and the dialog's confirming button's unless confirmLabel says otherwise. */
  label: string;
  confirmLabel?: string;
  pendingLabel?: string;
  /** The button's accessible name when its text alone is ambiguous ("Delete" in a list). */
  accessibleName?: string;
  variant?: "primary" | "secondary" | "danger";
  disabled?: boolean;
  title: string;
  children: ReactNode;
  /** Does it; a failure is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
};

/** A button for something that cannot be undone (a deletion): it asks first, in a ConfirmDialog. */
export function ConfirmButton(props: Props) {
  const {
    label,
    confirmLabel = label,
    pendingLabel = "Working...",
    accessibleName,
    variant = "secondary",
    disabled,
    title,
    children,
  } = props;
  const [open, setOpen] = useState(false);
  const { pending, failure, setFailure, attempt } = useAttempt();
  const confirm = async () => {
    if (await attempt(props.onConfirm)) setOpen(false);
  };
  return (
    <>
      <Button variant={variant} aria-label={accessibleName} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={pending}
        failure={failure}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setOpen(false);
          setFailure(null);
        }}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

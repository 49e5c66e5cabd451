import { type ReactNode, useState } from "react";
import { failureMessage } from "../../features/auth/form-errors";
import { Button } from "./Button";
import { ConfirmDialog } from "./ConfirmDialog";

type Props = {
  /** The button's text, and the dialog's confirming button's. */
  label: string;
  /** The button's accessible name when its text alone is ambiguous ("Delete" in a list). */
  accessibleName?: string;
  title: string;
  children: ReactNode;
  /** Does it; a failure is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
};

/** A button for something that cannot be undone (a deletion): it asks first, in a ConfirmDialog. */
export function ConfirmButton({ label, accessibleName, title, children, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" aria-label={accessibleName} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={label}
        pendingLabel="Working..."
        pending={busy}
        failure={failure}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

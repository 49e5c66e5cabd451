import { type ReactNode, useState } from "react";
import { Button } from "../../components/ui/Button";
import { ModalDialog } from "../../components/ui/ModalDialog";
import { failureMessage } from "../auth/form-errors";
import { FormAlert } from "../auth/form-fields";

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

/** A button for something that cannot be undone (a deletion): it asks first, in a dialog. */
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
      <ModalDialog open={open} onClose={() => setOpen(false)} title={title}>
        <div className="flex flex-col gap-4">
          {children}
          {failure ? (
            <FormAlert>
              <p>{failure}</p>
            </FormAlert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => void confirm()} disabled={busy}>
              {busy ? "Working..." : label}
            </Button>
            {/* Focus starts on the safe choice. */}
            <Button variant="secondary" onClick={() => setOpen(false)} data-autofocus>
              Cancel
            </Button>
          </div>
        </div>
      </ModalDialog>
    </>
  );
}

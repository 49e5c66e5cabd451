import type { ReactNode } from "react";
import { Button } from "./Button";
import { ModalDialog } from "./ModalDialog";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the action failed, shown in the dialog, which stays open. */
  failure?: string | null;
  /** Keeps the confirming button off until the person has done what the dialog asks (typed a name). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before something that cannot be undone: a modal dialog (Escape or Cancel keeps things as they are). */
export function ConfirmDialog(props: Props) {
  const { open, title, children, confirmLabel, pendingLabel, pending, failure, confirmDisabled = false, onConfirm, onCancel } = props;
  return (
    <ModalDialog open={open} onClose={onCancel} title={title}>
      <div className="text-brand-700 dark:text-neutral-light">{children}</div>
      {failure ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* Focus starts on the safe choice. */}
        <Button variant="secondary" onClick={onCancel} disabled={pending} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending || confirmDisabled}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}

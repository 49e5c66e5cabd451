import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./Button";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Why the action failed, shown in the dialog, which stays open. */
  failure?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before something that cannot be undone. A modal <dialog>: the rest of the page is inert (focus
 * stays inside), Escape cancels, and focus goes back where it was when the dialog closes.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, pendingLabel, pending, failure, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: React decides when the dialog closes, so that `open` stays the truth.
        event.preventDefault();
        if (!pending) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-neutral-light bg-white p-6 text-brand-900 backdrop:bg-brand-900/70 dark:border-brand-700 dark:bg-brand-900 dark:text-white"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {title}
      </h2>
      <div className="mt-2 text-brand-700 dark:text-neutral-light">{children}</div>
      {failure ? (
        <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

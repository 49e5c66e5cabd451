import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

/**
 * A modal dialog on the native <dialog>: the page behind is inert (focus stays inside), Escape, the close
 * button or a click on the backdrop closes it, and focus goes back to what opened it.
 */
export function ModalDialog(props: { open: boolean; onClose: () => void; title: ReactNode; children: ReactNode; size?: "md" | "lg" }) {
  const { open, onClose, title, children, size = "md" } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer shortcut; Escape and the close button serve the keyboard.
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={() => {
        onClose();
        opener.current?.focus();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={`m-auto max-h-[90vh] w-[calc(100%-1.5rem)] rounded-xl border border-neutral-light bg-white p-0 text-brand-900 shadow-xl backdrop:bg-brand-900/70 dark:border-brand-700 dark:bg-brand-900 dark:text-white ${size === "lg" ? "max-w-4xl" : "max-w-lg"}`}
    >
      <div className="flex items-center justify-between gap-3 border-b border-neutral-light px-4 py-3 dark:border-brand-700">
        <h2 id={headingId} className="min-w-0 truncate text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-neutral-light/40 dark:hover:bg-brand-700"
        >
          <X aria-hidden className="size-5" />
          <span className="sr-only">Close</span>
        </button>
      </div>
      <div className="p-4">{children}</div>
    </dialog>
  );
}

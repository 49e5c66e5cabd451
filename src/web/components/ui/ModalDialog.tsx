import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "./Button";

const widths = { md: "max-w-xl", lg: "max-w-3xl", xl: "max-w-5xl" } as const;

type Props = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  /** A click on the dimmed page around closes it (viewers); forms keep it, so nothing typed is lost by a stray click. */
  closeOnBackdrop?: boolean;
  /** centre: in the middle of the screen; sheet: along the bottom edge of a phone's screen, centred from 768 px. */
  placement?: "centre" | "sheet";
  children: ReactNode;
};

// The sheet keeps clear of a phone's home bar (env(safe-area-inset-bottom)); its width is the md one from 768 px.
const placementClass = (placement: "centre" | "sheet", size: keyof typeof widths) =>
  placement === "sheet"
    ? "mx-auto mt-auto mb-0 w-full max-w-none rounded-t-xl pb-[calc(1.25rem+env(safe-area-inset-bottom,0px))] sm:pb-[calc(1.5rem+env(safe-area-inset-bottom,0px))] md:m-auto md:w-[calc(100%-2rem)] md:max-w-xl md:rounded-xl md:pb-6"
    : `m-auto w-[calc(100%-2rem)] ${widths[size]} rounded-xl`;

/**
 * A modal dialog on the native <dialog>: the page behind is inert (focus stays inside), Escape
 * closes it, and focus goes back to what opened it; a control marked data-autofocus takes focus first. Its content exists only while it is open, so
 * each opening starts afresh.
 */
export function ModalDialog(props: Props) {
  const { open, onClose, title, description, size = "md", closeOnBackdrop = false, placement = "centre", children } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const headingId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // The field to start with, when the content marks one (else the dialog's first control).
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the dimmed backdrop; keyboards close with Escape or the Close button.
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={() => {
        onClose();
        opener.current?.focus();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={`${placementClass(placement, size)} max-h-[calc(100dvh-2rem)] overflow-y-auto border border-neutral-light bg-white p-5 text-brand-900 shadow-xl backdrop:bg-brand-900/70 sm:p-6 dark:border-brand-700 dark:bg-brand-900 dark:text-neutral-100`}
    >
      {open ? (
        <div className="flex flex-col gap-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={headingId} className="text-xl font-bold">
                {title}
              </h2>
              {description ? <p className="mt-1 text-brand-700 dark:text-neutral-light">{description}</p> : null}
            </div>
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              Close
            </Button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

import type { ReactNode } from "react";
import { mutedTextClass } from "../form/form-fields";
import { Button } from "./Button";

/** Data on its way: announced politely to screen readers. */
export function LoadingMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={`flex items-center gap-2 ${mutedTextClass}`}>
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-neutral-light border-t-accent-700 dark:border-brand-700 dark:border-t-accent-500"
      />
      {children}
    </p>
  );
}

/** Data that could not be fetched: the reason and a way to try again. */
export function ErrorMessage({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-md border border-red-700 bg-red-50 p-4 text-red-800 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
    >
      <p>{error.message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Nothing to show yet, said plainly, with what to do about it when there is something. */
export function EmptyMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-neutral-mid p-6 text-center">
      <p className="font-semibold">{title}</p>
      {children ? <div className={`mt-1 ${mutedTextClass}`}>{children}</div> : null}
    </div>
  );
}

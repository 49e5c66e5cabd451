import { type ReactNode, useSyncExternalStore } from "react";
import { httpErrorStatus } from "../../shared/wording";

/** Toasts (docs/product.md#toasts-and-query-cache): one shown at a time, 5 s by default, removed 1,000,000 ms after dismissal. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastType = "default" | "success" | "error" | "info" | "warning" | "loading" | "message" | "custom";

export type Toast = {
  id: string;
  type: ToastType;
  title: ReactNode;
  description?: ReactNode;
  open: boolean;
  /** Loading toasts stay until they settle. */
  duration: number;
};

type ToastOptions = { description?: ReactNode; duration?: number; id?: string };

let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(type: ToastType, title: ReactNode, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++counter}`;
  const toast: Toast = {
    id,
    type,
    title,
    description: options.description,
    open: true,
    duration: type === "loading" ? Number.POSITIVE_INFINITY : (options.duration ?? TOAST_DURATION_MS),
  };
  const others = toasts.filter((existing) => existing.id !== id);
  publish([toast, ...others].slice(0, TOAST_LIMIT));
  return id;
}

/** Closes a toast (all when no id); it is removed from memory later, after its exit animation. */
export function dismissToast(id?: string) {
  publish(toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast)));
  for (const toast of toasts) {
    if (toast.open || removalTimers.has(toast.id)) continue;
    removalTimers.set(
      toast.id,
      setTimeout(() => {
        removalTimers.delete(toast.id);
        publish(toasts.filter((existing) => existing.id !== toast.id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

type PromiseMessages<T> = {
  loading: ReactNode;
  success: ReactNode | ((value: T) => ReactNode);
  error: ReactNode | ((error: unknown) => ReactNode);
};

/** The message for a failure: a non-ok HTTP response says its status (docs/product.md#wording). */
function describeFailure(error: unknown): string {
  if (error instanceof Response) return httpErrorStatus(error.status);
  return error instanceof Error ? error.message : String(error);
}

export const toast = Object.assign((title: ReactNode, options?: ToastOptions) => show("default", title, options), {
  success: (title: ReactNode, options?: ToastOptions) => show("success", title, options),
  error: (title: ReactNode, options?: ToastOptions) => show("error", title, options),
  info: (title: ReactNode, options?: ToastOptions) => show("info", title, options),
  warning: (title: ReactNode, options?: ToastOptions) => show("warning", title, options),
  loading: (title: ReactNode, options?: ToastOptions) => show("loading", title, options),
  message: (title: ReactNode, options?: ToastOptions) => show("message", title, options),
  custom: (content: ReactNode, options?: ToastOptions) => show("custom", content, options),
  dismiss: dismissToast,
  /** Loading, then success or error in the same toast. A non-ok fetch Response counts as an error. */
  promise<T>(work: Promise<T>, labels: PromiseMessages<T>): Promise<T> {
    const id = show("loading", labels.loading);
    const settled = work.then((value) => {
      if (value instanceof Response && !value.ok) throw value;
      return value;
    });
    settled.then(
      (value) => show("success", typeof labels.success === "function" ? labels.success(value) : labels.success, { id }),
      (error: unknown) =>
        show("error", typeof labels.error === "function" ? labels.error(error) : labels.error, { id, description: describeFailure(error) }),
    );
    return settled;
  },
});

/** The toasts now in the store, newest first. */
export const getToasts = (): Toast[] => toasts;

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getToasts,
    getToasts,
  );
}

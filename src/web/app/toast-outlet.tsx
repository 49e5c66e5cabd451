import { lazy, Suspense, useSyncExternalStore } from "react";

const Toasts = lazy(() => import("./Toasts"));

let wanted = false;
const listeners = new Set<() => void>();

/**
 * The toast store, loaded on demand, and the toasts shown from then on. Public pages toast rarely
 * (signing out, a crash), so their first load carries neither the store nor Radix's toasts.
 */
export function loadToasts() {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return import("../lib/toast");
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the toasts appear once anything has asked for them. */
export function ToastOutlet() {
  const shown = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

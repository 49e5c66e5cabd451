import { lazy, Suspense } from "react";
import { useToasts } from "../lib/toast";

const Toaster = lazy(() => import("../components/ui/Toaster"));

/** Radix's toasts are loaded the first time a toast is shown. */
export default function Toasts() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

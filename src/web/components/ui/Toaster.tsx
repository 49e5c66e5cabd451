import * as RadixToast from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, Info, LoaderCircle, TriangleAlert, X } from "lucide-react";
import { dismissToast, type ToastType, useToasts } from "../../lib/toast";

const icons: Partial<Record<ToastType, typeof Info>> = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
  loading: LoaderCircle,
};

/** Renders the toast store with Radix: F8 focuses the region, a 50 px swipe dismisses (docs/product.md#toasts-and-query-cache). */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => {
        const Icon = icons[item.type];
        return (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={item.type === "error" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-toast-type={item.type}
            className="pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-neutral-light bg-white p-4 text-brand-900 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0 data-[toast-type=error]:border-red-300 dark:border-brand-700 dark:bg-brand-700 dark:text-white"
          >
            {Icon ? (
              <Icon
                aria-hidden
                className={`mt-0.5 size-5 shrink-0 ${item.type === "loading" ? "animate-[spin_1s_linear_infinite]" : ""}`}
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
              {item.description ? (
                <RadixToast.Description className="mt-1 text-sm opacity-90">{item.description}</RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close
              aria-label="Dismiss notification"
              className="inline-flex min-h-10 min-w-20 items-center justify-center gap-1 rounded-md text-sm font-semibold hover:bg-neutral-light/40"
            >
              <X aria-hidden className="size-4" />
              Dismiss
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      {/* Full width at the bottom below the 600 px mobile breakpoint, bottom-right above it; above the portal's tab bar (styles.css). */}
      <RadixToast.Viewport
        hotkey={["F8"]}
        className="fixed inset-x-0 bottom-[var(--tab-bar-height,0px)] z-50 flex flex-col gap-2 p-4 outline-none min-[600px]:inset-x-auto min-[600px]:right-0 min-[600px]:w-96"
      />
    </RadixToast.Provider>
  );
}

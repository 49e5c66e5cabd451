import type { ComponentProps } from "react";

/** An on/off setting: a checkbox with its label and a hint of what it does. */
export function Switch({ id, label, hint, ...input }: { id: string; label: string; hint: string } & ComponentProps<"input">) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-6 shrink-0 accent-accent-700 dark:accent-accent-500"
        {...input}
      />
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-brand-700 dark:text-neutral-light">
          {hint}
        </p>
      </div>
    </div>
  );
}

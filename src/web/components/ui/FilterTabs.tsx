type Option<T extends string> = { value: T; label: string; count?: number };

/** A row of buttons choosing one view of a list (by status...), each with its count; the chosen one is pressed. */
export function FilterTabs<T extends string>(props: { label: string; options: Option<T>[]; value: T; onChange: (value: T) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{props.label}</legend>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === props.value}
          onClick={() => props.onChange(option.value)}
          className="inline-flex min-h-10 min-w-20 items-center justify-center gap-2 rounded-full border border-brand-900 px-4 py-1.5 font-semibold hover:bg-neutral-light/40 aria-pressed:bg-brand-900 aria-pressed:text-white dark:border-neutral-light dark:hover:bg-brand-700 dark:aria-pressed:bg-white dark:aria-pressed:text-brand-900"
        >
          {option.label}
          {option.count === undefined ? null : <span className="tabular-nums">{option.count}</span>}
        </button>
      ))}
    </fieldset>
  );
}

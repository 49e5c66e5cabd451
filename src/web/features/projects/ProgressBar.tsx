/** A project's progress as a bar with its figure, announced as a progress bar to assistive technology. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% complete`}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-light dark:bg-brand-700"
      >
        <div className="h-full rounded-full bg-accent-700 dark:bg-accent-500" style={{ width: `${percent}%` }} />
      </div>
      <span aria-hidden className="w-12 text-right text-sm font-semibold tabular-nums">
        {percent}%
      </span>
    </div>
  );
}

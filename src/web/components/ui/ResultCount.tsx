import { countOf } from "../../../shared/plural";

/** How many items a list found ("1 account", "12 accounts"), announced politely as the filters change. */
export function ResultCount({ count, one, many }: { count: number; one: string; many: string }) {
  return (
    <p className="text-sm" aria-live="polite">
      {countOf(count, one, many)}
    </p>
  );
}

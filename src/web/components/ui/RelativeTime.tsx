import { formatDateTime, formatRelative } from "../../lib/format";
import { useNow } from "../../lib/use-now";

/** "5 minutes ago", moving on as time passes; the exact date and time on hover and for machines. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatRelative(iso, now)}
    </time>
  );
}

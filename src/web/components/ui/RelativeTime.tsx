import { useDateFormats } from "../../lib/use-date-formats";
import { useNow } from "../../lib/use-now";

/** "5 minutes ago", moving on as time passes; the exact date and time on hover and for machines. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  const formats = useDateFormats();
  return (
    <time dateTime={iso} title={formats.dateTime(iso)} className={className}>
      {formats.relative(iso, now)}
    </time>
  );
}

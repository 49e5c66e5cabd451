import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { SecurityEventItem } from "../../../shared/office";
import { describeSecurityEvent } from "../../../shared/security-events";
import { describeUserAgent } from "../../../shared/user-agent";
import { mutedTextClass } from "../../components/form/form-fields";
import { EmptyMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";

/** The newest entries of the access log: what happened, to which account, from where. */
export function SecurityEventsList({ events }: { events: SecurityEventItem[] }) {
  const formats = useDateFormats();
  if (events.length === 0) return <EmptyMessage title="Nothing in the access log yet." />;
  return (
    <ul aria-label="Recent security events" className="divide-y divide-neutral-light dark:divide-brand-700">
      {events.map((event) => {
        const Icon = event.outcome === "success" ? ShieldCheck : ShieldAlert;
        return (
          <li key={event.id} className="flex gap-3 py-3">
            <Icon
              aria-hidden
              className={`mt-0.5 size-5 shrink-0 ${event.outcome === "success" ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
            />
            <div className="min-w-0">
              <p className="font-semibold">{describeSecurityEvent(event)}</p>
              <p className={`text-sm break-words ${mutedTextClass}`}>
                {[
                  event.email,
                  event.ipAddress,
                  event.userAgent ? describeUserAgent(event.userAgent) : null,
                  formats.dateTime(event.createdAt),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import { ShieldAlert, ShieldCheck } from "lucide-react";
import type { SecurityEventRow } from "../../../shared/security";
import { describeSecurityEvent } from "../../../shared/security-events";
import { describeUserAgent } from "../../../shared/user-agent";
import { mutedTextClass } from "../../components/form/form-fields";
import { useDateFormats } from "../../lib/use-date-formats";

/**
 * Whose event it was, for an admin: the account's address; an address typed for no account (an unknown one, or an
 * account since deleted); or a request made without signing in at all.
 */
function eventAccount(event: SecurityEventRow): string {
  if (event.userId) return event.email ?? "Signed-in account";
  return event.email ? `${event.email} (no account)` : "Visitor (not signed in)";
}

/** One event of the access log in plain words: what, when, from where, on which device (and whose, for admins). */
export function EventLine({ event, showAccount }: { event: SecurityEventRow; showAccount?: boolean }) {
  const formats = useDateFormats();
  const Icon = event.outcome === "success" ? ShieldCheck : ShieldAlert;
  return (
    <li className="flex gap-3 py-3">
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${event.outcome === "success" ? "" : "text-red-700 dark:text-red-400"}`} />
      <div className="min-w-0">
        <p className="font-semibold">{describeSecurityEvent(event)}</p>
        <p className={`break-words text-sm ${mutedTextClass}`}>
          {formats.dateTime(event.createdAt)}
          {event.ipAddress ? ` · ${event.ipAddress}` : ""} · {describeUserAgent(event.userAgent)}
          {showAccount ? <span className="break-all"> · {eventAccount(event)}</span> : null}
        </p>
      </div>
    </li>
  );
}

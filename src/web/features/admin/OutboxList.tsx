import { useQuery } from "@tanstack/react-query";
import type { OutboxMail } from "../../../shared/outbox";
import type { Page } from "../../../shared/paging";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { privateQuery } from "../../lib/query/api-query";
import { useDateFormats } from "../../lib/use-date-formats";

function OutboxEntry({ mail }: { mail: OutboxMail }) {
  const formats = useDateFormats();
  const state = mail.sentAt ? "sent" : mail.error ? `not delivered (${mail.error})` : "kept here (no mail server configured)";
  return (
    <li className="flex flex-col gap-2 py-4">
      <p className="font-semibold break-words">{mail.subject}</p>
      <p className="text-sm break-all">
        To {mail.to} · {formats.date(mail.createdAt)} · {state}
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-medium">Read the email</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words text-sm">{mail.text}</pre>
      </details>
    </li>
  );
}

/**
 * The emails the site sent or kept, newest first (GET /api/admin/outbox). Without SMTP_URL this is where the first
 * accounts' codes are read; a code's text is erased once delivered or expired.
 */
export function OutboxList() {
  const outbox = useQuery(privateQuery<Page<OutboxMail>>(["/admin/outbox", { page: 1 }]));
  if (outbox.isPending) return <LoadingMessage>Loading the outbox...</LoadingMessage>;
  if (outbox.isError) return <ErrorMessage error={outbox.error} onRetry={() => void outbox.refetch()} />;
  if (outbox.data.items.length === 0) return <EmptyMessage title="No email yet.">Emails the site sends appear here.</EmptyMessage>;
  return (
    <ul aria-label="Outbox" className="divide-y divide-neutral-light dark:divide-brand-700">
      {outbox.data.items.map((mail) => (
        <OutboxEntry key={mail.id} mail={mail} />
      ))}
    </ul>
  );
}

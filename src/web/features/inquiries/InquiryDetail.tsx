import { useQuery } from "@tanstack/react-query";
import { Mail, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { canHandleInquiries } from "../../../shared/access";
import type { InquiryItem } from "../../../shared/inquiries";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { useAuth } from "../../lib/session/AuthProvider";
import { useDateFormats } from "../../lib/use-date-formats";
import { AssigneeForm } from "./AssigneeForm";
import { inquiryQuery } from "./api";
import { HandlingForm } from "./HandlingForm";
import { InquiryStatusBadge } from "./InquiryStatusBadge";
import { ProjectLink } from "./ProjectLink";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-t border-neutral-light pt-4 dark:border-brand-700">
      <h4 className="font-bold">{title}</h4>
      {children}
    </section>
  );
}

function InquiryContent({ inquiry }: { inquiry: InquiryItem }) {
  const formats = useDateFormats();
  const { user } = useAuth();
  const canHandle = user ? canHandleInquiries(user) : false;
  return (
    <article aria-labelledby={`inquiry-${inquiry.id}-subject`} className="flex flex-col gap-4">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <InquiryStatusBadge status={inquiry.status} />
          <span className={`text-sm ${mutedTextClass}`}>Received {formats.dateTime(inquiry.createdAt)}</span>
        </div>
        <h3 id={`inquiry-${inquiry.id}-subject`} className="text-xl font-bold break-words">
          {inquiry.subject}
        </h3>
        <p className="font-semibold">{inquiry.name}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          <li>
            <a
              href={`mailto:${inquiry.email}?subject=${encodeURIComponent(`Re: ${inquiry.subject}`)}`}
              className={`${linkClass} inline-flex items-center gap-1 break-all`}
            >
              <Mail aria-hidden className="size-4 shrink-0" />
              {inquiry.email}
            </a>
          </li>
          {inquiry.phone ? (
            <li>
              <a href={`tel:${inquiry.phone.replace(/\s+/g, "")}`} className={`${linkClass} inline-flex items-center gap-1`}>
                <Phone aria-hidden className="size-4 shrink-0" />
                {inquiry.phone}
              </a>
            </li>
          ) : null}
        </ul>
      </header>
      <p className="whitespace-pre-wrap break-words">{inquiry.message}</p>
      <Part title="Handling">
        <p className={mutedTextClass}>
          {inquiry.assignedTo ? `Assigned to ${inquiry.assignedTo.name} (${inquiry.assignedTo.department}).` : "Not assigned yet."}
          {inquiry.handledAt ? ` Handled ${formats.dateTime(inquiry.handledAt)}.` : ""}
        </p>
        {canHandle ? (
          <>
            <AssigneeForm key={`${inquiry.id}:${inquiry.assignedTo?.id ?? ""}`} inquiry={inquiry} />
            <HandlingForm key={inquiry.id} inquiry={inquiry} />
          </>
        ) : inquiry.replyNote ? (
          <p className="whitespace-pre-wrap break-words">{inquiry.replyNote}</p>
        ) : null}
      </Part>
      <Part title="Project">
        {canHandle ? (
          <ProjectLink key={inquiry.id} inquiry={inquiry} />
        ) : (
          <p>{inquiry.project ? `Became ${inquiry.project.reference} ${inquiry.project.title}.` : "Not linked to a project."}</p>
        )}
      </Part>
    </article>
  );
}

/** One inquiry: the message, the sender's contacts, and (for the inquiry departments) its handling. */
export function InquiryDetail({ id }: { id: number }) {
  const inquiry = useQuery(inquiryQuery(id));
  if (inquiry.isPending) return <LoadingMessage>Loading the inquiry...</LoadingMessage>;
  if (inquiry.isError) return <ErrorMessage error={inquiry.error} onRetry={() => void inquiry.refetch()} />;
  return <InquiryContent inquiry={inquiry.data} />;
}

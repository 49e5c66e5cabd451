import { type InquiryStatus, inquiryStatusLabels } from "../../../shared/inquiries";

const styles: Record<InquiryStatus, string> = {
  new: "border-accent-700 text-accent-700 dark:border-accent-500 dark:text-accent-500",
  assigned: "border-brand-700 text-brand-700 dark:border-neutral-light dark:text-neutral-light",
  handled: "border-green-800 text-green-800 dark:border-green-300 dark:text-green-300",
};

export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${styles[status]}`}>
      {inquiryStatusLabels[status]}
    </span>
  );
}

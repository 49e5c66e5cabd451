import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { calendarDayText } from "../../../shared/calendar";
import type { InvoiceInput } from "../../../shared/invoices";
import { lagosDay } from "../../../shared/lagos-time";
import { formatKobo } from "../../../shared/naira";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, SelectField, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";
import { contractsApi, invoicesQuery, paymentScheduleQuery, valuationsQuery } from "./api";

/** A due date 14 days after today in Lagos, the usual term. */
function inTwoWeeks() {
  const day = new Date(`${lagosDay(new Date())}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 14);
  return day.toISOString().slice(0, 10);
}

/** What can be invoiced now: certified valuations and due stages not invoiced yet, and the retention. */
function useInvoiceable(projectId: number) {
  const invoices = useQuery(invoicesQuery(projectId));
  const valuations = useQuery(valuationsQuery(projectId));
  const schedule = useQuery(paymentScheduleQuery(projectId));
  const issued = invoices.data?.items ?? [];
  const options = [
    ...(valuations.data?.items ?? [])
      .filter((valuation) => valuation.status === "certified" && valuation.amountDue > 0)
      .filter((valuation) => !issued.some((invoice) => invoice.valuationId === valuation.id))
      .map((valuation) => ({
        key: `valuation:${valuation.id}`,
        label: `Valuation No. ${valuation.number} (as at ${calendarDayText(valuation.asAt)}): ${formatKobo(valuation.amountDue)}`,
        input: { valuationId: valuation.id },
      })),
    ...(schedule.data?.stages ?? [])
      .filter((stage) => stage.status === "due" && !issued.some((invoice) => invoice.stageId === stage.id))
      .map((stage) => ({
        key: `stage:${stage.id}`,
        label: `Stage: ${stage.name}: ${formatKobo(stage.amount)}`,
        input: { stageId: stage.id },
      })),
    { key: "retention", label: "Release of the retention held", input: { releaseRetention: true as const } },
  ];
  return { options, pending: invoices.isPending || valuations.isPending || schedule.isPending };
}

/** Accounts' 'Issue an invoice': a certified valuation, a due stage or the retention, and its due date. */
export function IssueInvoiceForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const { options, pending } = useInvoiceable(projectId);
  const [choice, setChoice] = useState("");
  const [dueOn, setDueOn] = useState(inTwoWeeks);
  const issue = useMutation({
    mutationFn: (input: InvoiceInput) => contractsApi.issueInvoice(projectId, input),
    onSuccess: async (invoice) => {
      toast.success(`Invoice ${invoice.number} issued.`, { description: `${formatKobo(invoice.amount)}; the client is told by email.` });
      setChoice("");
      await refreshProjects(queryClient);
    },
  });
  const fields = issue.error instanceof ApiError ? issue.error.fields : {};
  const selected = options.find((option) => option.key === choice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.reset();
    if (selected) issue.mutate({ ...selected.input, dueOn });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Issue an invoice">
      <SelectField
        label="Invoice for"
        value={choice}
        disabled={pending}
        error={fields.valuationId ?? fields.stageId}
        hint="A certified valuation or a due stage not invoiced yet; the retention once the defects period has ended."
        onChange={(event) => setChoice(event.target.value)}
      >
        <option value="">{pending ? "Loading..." : "Choose what to invoice"}</option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <TextField label="Due on" type="date" value={dueOn} error={fields.dueOn} onChange={(event) => setDueOn(event.target.value)} />
      <FormAlert message={issue.isError ? formFailure(issue.error, undefined, Object.values(fields)) : null} />
      <Button type="submit" disabled={issue.isPending || !selected} className="self-start">
        {issue.isPending ? "Issuing..." : "Issue the invoice"}
      </Button>
    </form>
  );
}

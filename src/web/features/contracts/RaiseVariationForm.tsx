import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, mutedTextClass, TextAreaField, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";
import { contractsApi } from "./api";
import { typedNumber } from "./typed-number";

type LineDraft = { key: string; description: string; unit: string; quantity: string; rate: string };

const emptyLine = (): LineDraft => ({ key: crypto.randomUUID(), description: "", unit: "", quantity: "", rate: "" });
const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : {});

/** 'Raise a variation': the project office changes the signed work; the client then approves or declines it. */
export function RaiseVariationForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("0");
  const [lines, setLines] = useState<LineDraft[]>([emptyLine()]);
  const raise = useMutation({
    mutationFn: () =>
      contractsApi.raiseVariation(projectId, {
        title,
        reason,
        daysAdded: typedNumber(days),
        lines: lines.map((line) => ({
          description: line.description,
          unit: line.unit,
          quantity: typedNumber(line.quantity),
          rate: typedNumber(line.rate),
        })),
      }),
    onSuccess: async (variation) => {
      toast.success(`Variation V${variation.number} raised.`, { description: "The client is asked to approve it." });
      setTitle("");
      setReason("");
      setDays("0");
      setLines([emptyLine()]);
      await refreshProjects(queryClient);
    },
  });
  const fields = fieldsOf(raise.error);
  const change = (key: string, field: keyof Omit<LineDraft, "key">, value: string) =>
    setLines((drafts) => drafts.map((draft) => (draft.key === key ? { ...draft, [field]: value } : draft)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    raise.mutate();
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField label="Title" value={title} maxLength={200} error={fields.title} onChange={(event) => setTitle(event.target.value)} />
      <TextAreaField
        label="Why the work changes"
        value={reason}
        maxLength={2000}
        error={fields.reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <p className={`text-sm ${mutedTextClass}`}>Rates in naira. Leave work out with a negative quantity.</p>
      <ol className="flex flex-col gap-3" aria-label="Lines of the variation">
        {lines.map((line, index) => (
          <li
            key={line.key}
            className="grid gap-2 rounded-md border border-neutral-light p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] dark:border-brand-700"
          >
            <TextField
              label={`Work, line ${index + 1}`}
              value={line.description}
              error={fields[`lines.${index}.description`]}
              onChange={(event) => change(line.key, "description", event.target.value)}
            />
            <TextField
              label="Unit"
              value={line.unit}
              error={fields[`lines.${index}.unit`]}
              onChange={(event) => change(line.key, "unit", event.target.value)}
            />
            <TextField
              label="Quantity"
              inputMode="decimal"
              value={line.quantity}
              error={fields[`lines.${index}.quantity`]}
              onChange={(event) => change(line.key, "quantity", event.target.value)}
            />
            <TextField
              label="Rate (₦)"
              inputMode="decimal"
              value={line.rate}
              error={fields[`lines.${index}.rate`]}
              onChange={(event) => change(line.key, "rate", event.target.value)}
            />
            {lines.length > 1 ? (
              <Button
                variant="secondary"
                className="self-end"
                aria-label={`Remove line ${index + 1}`}
                onClick={() => setLines((drafts) => drafts.filter((draft) => draft.key !== line.key))}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => setLines((drafts) => [...drafts, emptyLine()])}
        disabled={lines.length >= 200}
      >
        Add a line
      </Button>
      <TextField
        label="Days added to the completion date"
        inputMode="numeric"
        value={days}
        error={fields.daysAdded}
        onChange={(event) => setDays(event.target.value)}
      />
      <FormAlert message={raise.isError ? formFailure(raise.error, undefined, Object.values(fields)) : null} />
      <Button type="submit" disabled={raise.isPending} className="self-start">
        {raise.isPending ? "Raising..." : "Raise the variation"}
      </Button>
    </form>
  );
}

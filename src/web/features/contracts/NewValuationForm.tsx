import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { todayInLagos } from "../../../shared/calendar";
import type { BoqAnswer, Valuation, ValuationInput, VariationList } from "../../../shared/contracts";
import { formatKobo } from "../../../shared/naira";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, mutedTextClass, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { refreshProjects } from "../../lib/queries/projects";
import { toast } from "../../lib/toast";
import { contractsApi, valuationsQuery, variationsQuery } from "./api";
import { LinePhotoPicker } from "./LinePhotoPicker";
import { typedNumber } from "./typed-number";

/** A line that can be measured: a BOQ item or a line of an approved variation, keyed as the form keeps it. */
type Measurable = {
  key: string;
  subject: { itemId: number } | { variationLineId: number };
  ref: string;
  description: string;
  unit: string;
  quantity: number;
  rate: number;
};
type Group = { name: string; lines: Measurable[] };

const quantityFormat = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 3 });
const keyOf = (line: { itemId: number | null; variationLineId: number | null }) =>
  line.itemId ? `item:${line.itemId}` : `variation:${line.variationLineId}`;

/** The BOQ's bills, then each approved variation (oldest first) as a group of its own. */
function groupsOf(boq: BoqAnswer, variations: VariationList): Group[] {
  const bills = boq.bills.map((bill) => ({
    name: bill.name,
    lines: bill.items.map((item) => ({ ...item, key: keyOf({ itemId: item.id, variationLineId: null }), subject: { itemId: item.id } })),
  }));
  const approved = variations.items
    .filter((variation) => variation.status === "approved")
    .reverse()
    .map((variation) => ({
      name: `V${variation.number}: ${variation.title}`,
      lines: variation.lines.map((line) => ({
        ...line,
        key: keyOf({ itemId: null, variationLineId: line.id }),
        subject: { variationLineId: line.id },
        ref: `V${variation.number}`,
      })),
    }));
  return [...bills, ...approved];
}

/** The field messages of the line sent at `index` (none when it was not sent): its quantity's (or the line's own) and its photos'. */
function lineErrors(fields: Record<string, string>, index: number): { quantity?: string; photos?: string } {
  if (index < 0) return {};
  const at = `lines.${index}`;
  return { quantity: fields[`${at}.quantityToDate`] ?? fields[at] ?? fields[`${at}.itemId`], photos: fields[`${at}.photoIds`] };
}

function MeasuringForm({ projectId, groups, last }: { projectId: number; groups: Group[]; last: Valuation | undefined }) {
  const queryClient = useQueryClient();
  const lines = groups.flatMap((group) => group.lines);
  // Each quantity starts at the last valuation's: quantities are to date, so most lines only grow.
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries((last?.lines ?? []).map((line) => [keyOf(line), String(line.quantityToDate)])),
  );
  const [photos, setPhotos] = useState<Record<string, number[]>>({});
  const [asAt, setAsAt] = useState(todayInLagos);
  const [materials, setMaterials] = useState("0");
  const [sentKeys, setSentKeys] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (valuation: ValuationInput) => contractsApi.prepareValuation(projectId, valuation),
    onSuccess: async (valuation) => {
      toast.success(`Valuation No. ${valuation.number} saved.`, {
        description: `${formatKobo(valuation.amountDue)} due once Accounts certify it.`,
      });
      await refreshProjects(queryClient);
    },
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A line left blank is not measured; one with photos but no quantity is sent, for the API to ask for it.
    const sent = lines.filter((line) => (quantities[line.key] ?? "").trim() !== "" || (photos[line.key] ?? []).length > 0);
    setSentKeys(sent.map((line) => line.key));
    save.mutate({
      asAt,
      materialsOnSite: materials.trim() === "" ? 0 : typedNumber(materials),
      lines: sent.map((line) => ({
        ...line.subject,
        quantityToDate: typedNumber(quantities[line.key] ?? ""),
        photoIds: photos[line.key] ?? [],
      })),
    });
  };
  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate aria-label="New valuation">
      <p className={`text-sm ${mutedTextClass}`}>
        The quantity done to date of each line, in its unit (each starts at the last valuation's; leave a line blank if no work is done),
        with photos of the project that show it.
      </p>
      {groups.map((group) => (
        <fieldset key={group.name} className="flex min-w-0 flex-col rounded-md border border-neutral-light px-3 dark:border-brand-700">
          <legend className="px-1 font-semibold break-words">{group.name}</legend>
          <ol className="flex flex-col divide-y divide-neutral-light dark:divide-brand-700">
            {group.lines.map((line) => {
              const errors = lineErrors(fields, sentKeys.indexOf(line.key));
              return (
                <li key={line.key} className="grid gap-3 py-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start">
                  <div className="min-w-0">
                    <p className="break-words">
                      <span className="font-mono">{line.ref}</span> {line.description}
                    </p>
                    <p className={`text-sm tabular-nums ${mutedTextClass}`}>
                      {quantityFormat.format(line.quantity)} {line.unit} at {formatKobo(line.rate)}
                    </p>
                  </div>
                  <TextField
                    label={`Done to date, ${line.ref} (${line.unit})`}
                    inputMode="decimal"
                    optional
                    value={quantities[line.key] ?? ""}
                    error={errors.quantity}
                    className="text-right tabular-nums"
                    onChange={(event) => setQuantities((typed) => ({ ...typed, [line.key]: event.target.value }))}
                  />
                  <LinePhotoPicker
                    projectId={projectId}
                    subject={`${line.ref} ${line.description}`}
                    chosen={photos[line.key] ?? []}
                    error={errors.photos}
                    onChange={(photoIds) => setPhotos((chosen) => ({ ...chosen, [line.key]: photoIds }))}
                  />
                </li>
              );
            })}
          </ol>
        </fieldset>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Materials on site (₦)"
          hint="Delivered and not yet built in, at cost."
          inputMode="decimal"
          value={materials}
          error={fields.materialsOnSite}
          onChange={(event) => setMaterials(event.target.value)}
        />
        <TextField label="As at" type="date" value={asAt} error={fields.asAt} onChange={(event) => setAsAt(event.target.value)} />
      </div>
      <FormAlert message={save.isError ? formFailure(save.error, undefined, Object.values(fields)) : null} />
      <Button type="submit" disabled={save.isPending} className="self-start">
        {save.isPending ? "Saving..." : "Save valuation"}
      </Button>
    </form>
  );
}

/**
 * 'New valuation' (the project office): the quantity done to date of every BOQ item and approved variation line, with
 * its photos, materials on site and the date; one draft at a time, until Accounts certify it.
 */
export function NewValuationForm({ projectId, boq }: { projectId: number; boq: BoqAnswer }) {
  const valuations = useQuery(valuationsQuery(projectId));
  const variations = useQuery(variationsQuery(projectId));
  if (valuations.isPending || variations.isPending) return <LoadingMessage>Loading the lines to measure...</LoadingMessage>;
  if (valuations.isError) return <ErrorMessage error={valuations.error} onRetry={() => void valuations.refetch()} />;
  if (variations.isError) return <ErrorMessage error={variations.error} onRetry={() => void variations.refetch()} />;
  const [last] = valuations.data.items;
  if (last?.status === "draft") {
    return (
      <EmptyMessage title={`Valuation No. ${last.number} is waiting for Accounts.`}>
        The next valuation can be measured once Accounts certify it.
      </EmptyMessage>
    );
  }
  // Keyed by the last valuation: once it is certified, the next form starts from its quantities.
  return <MeasuringForm key={last?.id ?? "first"} projectId={projectId} groups={groupsOf(boq, variations.data)} last={last} />;
}

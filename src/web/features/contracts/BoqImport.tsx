import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileSpreadsheet } from "lucide-react";
import { ApiError } from "../../../shared/api";
import { formatKobo } from "../../../shared/naira";
import { countOf } from "../../../shared/plural";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, FormSuccess, mutedTextClass } from "../../components/form/form-fields";
import { FileButton } from "../../components/ui/FileButton";
import { boqQuery, contractsApi, paymentScheduleQuery } from "./api";

/** Each cell the server names ("row 5, column F (rate)") with its reason; not the one its message already says. */
const problemsOf = (error: unknown) =>
  error instanceof ApiError
    ? Object.entries(error.fields)
        .filter(([, reason]) => reason !== error.message)
        .map(([cell, reason]) => `${cell.charAt(0).toUpperCase()}${cell.slice(1)}: ${reason}`)
    : [];

/** 'Import the BOQ': an XLSX or CSV replaces the draft; its answer, or every cell the server could not read. */
export function BoqImport({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => contractsApi.importBoq(projectId, file),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: boqQuery(projectId).queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentScheduleQuery(projectId).queryKey }),
      ]),
  });
  const problems = upload.isError ? problemsOf(upload.error) : [];
  return (
    <div className="flex flex-col gap-3">
      <p className={`text-sm ${mutedTextClass}`}>
        The first sheet of an XLSX, or a CSV: a row naming the columns bill, item, description, unit, quantity and rate, then one item a
        row. It replaces the draft BOQ; a file with a cell that cannot be read is refused whole.
      </p>
      <FileButton
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        disabled={upload.isPending}
        className="self-start"
        onFiles={([file]) => {
          if (file) upload.mutate(file);
        }}
      >
        <FileSpreadsheet aria-hidden className="size-5" />
        {upload.isPending ? "Importing..." : "Import the BOQ"}
      </FileButton>
      {upload.isSuccess ? (
        <FormSuccess title="BOQ imported.">
          <p>
            {countOf(upload.data.bills, "bill")}, {countOf(upload.data.items, "item")}: a contract sum of{" "}
            {formatKobo(upload.data.contractSum)}.
          </p>
        </FormSuccess>
      ) : null}
      <FormAlert message={upload.isError ? failureMessage(upload.error) : null}>
        {problems.length > 0 ? (
          <ul aria-label="Cells that cannot be read" className="mt-2 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
      </FormAlert>
    </div>
  );
}

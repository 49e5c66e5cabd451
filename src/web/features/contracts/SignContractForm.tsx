import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { formFailure } from "../../components/form/form-errors";
import { FormAlert, mutedTextClass, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { boqQuery, contractsApi, paymentScheduleQuery } from "./api";

const fieldsOf = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fields : {});

/** 'Record the contract as signed': its date, retention and defects period; the BOQ is fixed from then. */
export function SignContractForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const [signedOn, setSignedOn] = useState("");
  const [retention, setRetention] = useState("5");
  const [defectsDays, setDefectsDays] = useState("180");
  const sign = useMutation({
    mutationFn: () =>
      contractsApi.recordSigned(projectId, {
        signedOn,
        retentionPercent: retention.trim() === "" ? Number.NaN : Number(retention),
        defectsPeriodDays: defectsDays.trim() === "" ? Number.NaN : Number(defectsDays),
      }),
    onSuccess: async (boq) => {
      queryClient.setQueryData(boqQuery(projectId).queryKey, boq);
      // A stage without a milestone falls due with the signature.
      await queryClient.invalidateQueries({ queryKey: paymentScheduleQuery(projectId).queryKey });
    },
  });
  const fields = fieldsOf(sign.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sign.mutate();
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className={`text-sm ${mutedTextClass}`}>Once recorded, the BOQ is fixed: changes to the work go through variations.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Signed on"
          type="date"
          value={signedOn}
          error={fields.signedOn}
          onChange={(event) => setSignedOn(event.target.value)}
        />
        <TextField
          label="Retention (%)"
          inputMode="decimal"
          value={retention}
          error={fields.retentionPercent}
          onChange={(event) => setRetention(event.target.value)}
        />
        <TextField
          label="Defects period (days)"
          inputMode="numeric"
          value={defectsDays}
          error={fields.defectsPeriodDays}
          onChange={(event) => setDefectsDays(event.target.value)}
        />
      </div>
      <FormAlert message={sign.isError ? formFailure(sign.error, undefined, Object.values(fields)) : null} />
      <Button type="submit" disabled={sign.isPending} className="self-start">
        {sign.isPending ? "Recording..." : "Record the contract as signed"}
      </Button>
    </form>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { formFailure } from "../../components/form/form-errors";
import { EmailField, FormAlert, mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { contractsApi, payersQuery } from "./api";

/** The client's payers: relatives who pay with them, each recording their own transfers; added by their account's email. */
export function Payers({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const payers = useQuery(payersQuery(projectId));
  const [email, setEmail] = useState("");
  const add = useMutation({
    mutationFn: () => contractsApi.addPayer(projectId, email),
    onSuccess: (list) => {
      queryClient.setQueryData(payersQuery(projectId).queryKey, list);
      setEmail("");
    },
  });
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <div className="flex flex-col gap-4">
      {payers.isPending ? <LoadingMessage>Loading the payers...</LoadingMessage> : null}
      {payers.isError ? <ErrorMessage error={payers.error} onRetry={() => void payers.refetch()} /> : null}
      {payers.data?.items.length === 0 ? <p className={mutedTextClass}>Only you pay for this project.</p> : null}
      {payers.data && payers.data.items.length > 0 ? (
        <ul aria-label="Payers" className="divide-y divide-neutral-light dark:divide-brand-700">
          {payers.data.items.map((payer) => (
            <li key={payer.person.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{payer.person.name}</span>{" "}
                <span className={`text-sm ${mutedTextClass}`}>{payer.email}</span>
              </span>
              <ConfirmButton
                label="Remove"
                accessibleName={`Remove ${payer.person.name} as a payer`}
                confirmLabel="Remove the payer"
                pendingLabel="Removing..."
                variant="danger"
                title={`Remove ${payer.person.name}?`}
                onConfirm={async () => {
                  await contractsApi.removePayer(projectId, payer.person.id);
                  await queryClient.invalidateQueries({ queryKey: payersQuery(projectId).queryKey });
                }}
              >
                They no longer see the project's money; the transfers they recorded stay on the statement under their name.
              </ConfirmButton>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="flex flex-col gap-3" onSubmit={submit} noValidate aria-label="Add a payer">
        <EmailField
          label="Add a payer by email"
          hint="Someone who pays with you, for example a relative abroad. They create a client account first; they then see only this project's money and record their own transfers."
          value={email}
          error={fields.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormAlert message={add.isError ? formFailure(add.error, undefined, Object.values(fields)) : null} />
        <Button type="submit" disabled={add.isPending} className="self-start">
          {add.isPending ? "Adding..." : "Add the payer"}
        </Button>
      </form>
    </div>
  );
}

import { startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Fingerprint } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../../shared/api";
import { type PasskeySummary, passkeyMessages, passkeyNameSchema } from "../../../shared/passkeys";
import { failureMessage } from "../../components/form/form-errors";
import { mutedTextClass, TextField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { AccountItemRow } from "./AccountItemRow";
import { accountApi, passkeysQuery, type StepUpProof } from "./api";
import { StepUpDialog } from "./StepUpDialog";

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const formats = useDateFormats();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => accountApi.removePasskey(passkey.id),
    onSuccess: async () => {
      toast.success(`Passkey "${passkey.name}" removed.`);
      await queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
    },
  });
  return (
    <AccountItemRow
      icon={Fingerprint}
      name={passkey.name}
      detail={`Added ${formats.dateTime(passkey.createdAt)}${passkey.lastUsedAt ? ` · last used ${formats.dateTime(passkey.lastUsedAt)}` : ""}`}
      failure={remove.isError ? failureMessage(remove.error) : null}
      action={
        <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove"}
        </Button>
      }
    />
  );
}

/** Passkeys of the account: name and add one (the device asks for a fingerprint, face or PIN), list, remove. */
export function Passkeys() {
  const queryClient = useQueryClient();
  const list = useQuery(passkeysQuery);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  // The named passkey waiting for the step-up proof (the dialog is open meanwhile).
  const [adding, setAdding] = useState<string | null>(null);

  async function add(passkeyName: string, proof: StepUpProof) {
    const optionsJSON = await accountApi.passkeyOptions(proof);
    let response: Awaited<ReturnType<typeof startRegistration>>;
    try {
      response = await startRegistration({ optionsJSON });
    } catch {
      throw new ApiError(400, passkeyMessages.notAdded);
    }
    const added = await accountApi.addPasskey(passkeyName, response);
    setName("");
    toast.success(`Passkey "${added.name}" added.`);
    await queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    setNameError(parsed.success ? null : (parsed.error.issues[0]?.message ?? passkeyMessages.notAdded));
    if (parsed.success) setAdding(parsed.data);
  };

  return (
    <div className="flex flex-col gap-4">
      {list.isPending ? <LoadingMessage>Loading your passkeys...</LoadingMessage> : null}
      {list.isError ? <ErrorMessage error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.passkeys.length > 0 ? (
        <ul aria-label="Passkeys" className="divide-y divide-neutral-light dark:divide-brand-700">
          {list.data.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : list.data ? (
        <p className={mutedTextClass}>No passkeys yet.</p>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:max-w-md">
        <TextField
          label="Passkey name"
          hint="So you can tell your devices apart, e.g. My phone."
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError ?? undefined}
        />
        <SubmitButton pending={adding !== null} label="Add a passkey" pendingLabel="Adding..." />
      </form>
      <StepUpDialog
        open={adding !== null}
        onClose={() => setAdding(null)}
        title="Add a passkey"
        actionLabel="Continue to your device"
        onProof={(proof) => add(adding ?? name, proof)}
      />
    </div>
  );
}

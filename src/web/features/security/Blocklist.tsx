import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { FormAlert, mutedTextClass, TextField } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../components/ui/StatusMessage";
import { toast } from "../../lib/toast";
import { useDateFormats } from "../../lib/use-date-formats";
import { blocklistQuery, securityApi } from "./api";

/** Addresses and ranges refused before any page or API call, on every server; a block can end by itself. */
export function Blocklist() {
  const formats = useDateFormats();
  const queryClient = useQueryClient();
  const blocks = useQuery(blocklistQuery);
  const [address, setAddress] = useState("");
  const [reason, setReason] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const { pending, failure, attempt } = useAttempt();
  const refresh = () => queryClient.invalidateQueries({ queryKey: blocklistQuery.queryKey });

  const add = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      await securityApi.block({ address, reason, expiresAt: expiresAt ? new Date(expiresAt).toISOString() : undefined });
      toast.success(`${address} is blocked.`);
      setAddress("");
      setReason("");
      setExpiresAt("");
      await refresh();
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={add} className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Block an address">
        <TextField
          label="Address or range"
          hint="203.0.113.7, 203.0.113.0/24 or 2001:db8::/32"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          required
        />
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={500} />
        <TextField label="Until" type="datetime-local" optional value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Blocking..." : "Block"}
          </Button>
        </div>
      </form>
      <FormAlert message={failure} />
      {blocks.isPending ? <LoadingMessage>Loading the blocklist...</LoadingMessage> : null}
      {blocks.isError ? <ErrorMessage error={blocks.error} onRetry={() => void blocks.refetch()} /> : null}
      {blocks.data && blocks.data.blocks.length === 0 ? <EmptyMessage title="No address is blocked." /> : null}
      {blocks.data && blocks.data.blocks.length > 0 ? (
        <ul aria-label="Blocked addresses" className="divide-y divide-neutral-light dark:divide-brand-700">
          {blocks.data.blocks.map((block) => (
            <li key={block.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-semibold">{block.address}</p>
                <p className={`break-words text-sm ${mutedTextClass}`}>
                  {block.reason} · since {formats.dateTime(block.createdAt)} ·{" "}
                  {block.expiresAt ? `until ${formats.dateTime(block.expiresAt)}` : "until removed"}
                </p>
              </div>
              <ConfirmButton
                label="Unblock"
                accessibleName={`Unblock ${block.address}`}
                title={`Unblock ${block.address}?`}
                onConfirm={async () => {
                  await securityApi.unblock(block.id);
                  toast.success(`${block.address} is no longer blocked.`);
                  await refresh();
                }}
              >
                Requests from it will be let in again.
              </ConfirmButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

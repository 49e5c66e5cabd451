import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import type { ClientOption } from "../../../shared/projects";
import { inputClass, mutedTextClass } from "../../components/form/form-fields";
import { ErrorMessage } from "../../components/ui/StatusMessage";
import { privateQuery } from "../../lib/query/api-query";
import { useDebouncedValue } from "../../lib/use-debounced-value";

const clientsQuery = (search: string) => privateQuery<{ clients: ClientOption[] }>(["/projects/clients", { search }]);

/** The client of a new project: found by name, email or company among the client accounts, chosen with a radio button. */
export function ClientField() {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search.trim(), 300);
  const clients = useQuery({ ...clientsQuery(settled), placeholderData: keepPreviousData });
  return (
    <div className="sm:col-span-2">
      <Controller<{ clientId: string | null }, "clientId">
        name="clientId"
        render={({ field, fieldState }) => (
          <fieldset>
            <legend className="font-medium">
              Client <span className={`font-normal ${mutedTextClass}`}>(optional: it can be set later)</span>
            </legend>
            <label className="mt-1 block text-sm">
              Find a client by name, email or company
              <input type="search" className={inputClass} value={search} onChange={(event) => setSearch(event.target.value)} />
            </label>
            {clients.isError ? <ErrorMessage error={clients.error} onRetry={() => void clients.refetch()} /> : null}
            <ul
              aria-busy={clients.isFetching}
              className="mt-2 grid max-h-60 gap-1 overflow-y-auto rounded-md border border-brand-700/60 p-2 dark:border-neutral-mid"
            >
              <li>
                <label className="flex min-h-10 items-center gap-2 rounded px-2 hover:bg-neutral-light/40 dark:hover:bg-brand-700">
                  <input type="radio" className="size-4 accent-accent-700" checked={!field.value} onChange={() => field.onChange(null)} />
                  No client yet
                </label>
              </li>
              {clients.data?.clients.map((client) => (
                <li key={client.id}>
                  <label className="flex min-h-10 items-center gap-2 rounded px-2 hover:bg-neutral-light/40 dark:hover:bg-brand-700">
                    <input
                      type="radio"
                      className="size-4 shrink-0 accent-accent-700"
                      checked={field.value === client.id}
                      onChange={() => field.onChange(client.id)}
                    />
                    <span className="min-w-0 break-words">
                      {client.name}{" "}
                      <span className={`text-sm ${mutedTextClass}`}>{[client.email, client.company].filter(Boolean).join(" · ")}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {clients.data?.clients.length === 0 && settled ? (
              <p className={`mt-1 text-sm ${mutedTextClass}`}>No client account matches “{settled}”.</p>
            ) : null}
            {fieldState.error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{fieldState.error.message}</p> : null}
          </fieldset>
        )}
      />
    </div>
  );
}

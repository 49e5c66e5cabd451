import { Fingerprint, KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import type { AccountSignInMethods } from "../../../shared/security";
import { mutedTextClass } from "../../components/form/form-fields";
import type { DateFormats } from "../../lib/format";

/** One passkey or provider link, as the list shows it. */
export type MethodRow = { kind: "passkey" | "provider"; id: string; name: string; detail: string; addedAt: string };

/** Each with when it was added, in the reader's zone. */
export function methodRows(methods: AccountSignInMethods, formats: DateFormats): MethodRow[] {
  return [
    ...methods.passkeys.map((key) => ({
      kind: "passkey" as const,
      id: key.id,
      name: `Passkey "${key.name}"`,
      detail: `Added ${formats.dateTime(key.createdAt)}`,
      addedAt: key.createdAt,
    })),
    ...methods.providers.map((link) => ({
      kind: "provider" as const,
      id: link.provider,
      name: `${link.name} (${link.email})`,
      detail: `Linked ${formats.dateTime(link.linkedAt)}`,
      addedAt: link.linkedAt,
    })),
  ];
}

/**
 * The passkeys and linked providers of an account where its owner secures it ('this wasn't me', a password reset,
 * 'sign out everywhere'): each with what can be done to it, so that a way in someone else added goes in the same step.
 */
export function SignInMethodList({ rows, action }: { rows: MethodRow[]; action: (row: MethodRow) => ReactNode }) {
  return (
    <section aria-labelledby="sign-in-methods-heading" className="flex flex-col gap-2">
      <h2 id="sign-in-methods-heading" className="text-lg font-semibold">
        Passkeys and linked providers
      </h2>
      {rows.length === 0 ? (
        <p className={mutedTextClass}>Your account has no passkey and no linked provider.</p>
      ) : (
        <ul className="divide-y divide-brand-100 dark:divide-brand-700">
          {rows.map((row) => {
            const Icon = row.kind === "passkey" ? Fingerprint : KeyRound;
            return (
              <li key={`${row.kind}:${row.id}`} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
                  <div className="min-w-0">
                    <p className="font-semibold break-words">{row.name}</p>
                    <p className={`text-sm ${mutedTextClass}`}>{row.detail}</p>
                  </div>
                </div>
                {action(row)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

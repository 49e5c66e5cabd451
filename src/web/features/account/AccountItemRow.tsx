import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { InlineAlert, mutedTextClass } from "../../components/form/form-fields";

type Props = { icon: LucideIcon; name: string; detail: ReactNode; failure: string | null; action: ReactNode };

/** One sign-in method in settings (a linked provider, a passkey): its name, a line about it, what went wrong, its button. */
export function AccountItemRow({ icon: Icon, name, detail, failure, action }: Props) {
  return (
    <li aria-label={name} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className={`text-sm ${mutedTextClass}`}>{detail}</p>
          <InlineAlert message={failure} />
        </div>
      </div>
      {action}
    </li>
  );
}

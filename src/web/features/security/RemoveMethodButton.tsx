import { InlineAlert } from "../../components/form/form-fields";
import { useAttempt } from "../../components/form/use-attempt";
import { Button } from "../../components/ui/Button";
import { toast } from "../../lib/toast";
import type { MethodRow } from "./SignInMethodList";

/** The Remove button of one passkey or provider in SignInMethodList, with its own progress and failure. */
export function RemoveMethodButton({ row, remove }: { row: MethodRow; remove: (row: MethodRow) => Promise<void> }) {
  const { pending, failure, attempt } = useAttempt();
  const onClick = () =>
    attempt(async () => {
      await remove(row);
      toast.success(`${row.name} removed.`);
    });
  return (
    <div className="flex flex-col gap-1 sm:items-end">
      <Button variant="secondary" aria-label={`Remove ${row.name}`} disabled={pending} onClick={() => void onClick()}>
        {pending ? "Removing..." : "Remove"}
      </Button>
      <InlineAlert message={failure} />
    </div>
  );
}

import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../lib/toast";
import { failureMessage } from "../form/form-errors";
import { InlineAlert } from "../form/form-fields";
import { Button } from "./Button";

type Props = {
  /** Who is let in, for the button's label and the toast. */
  name: string;
  /** The approval call (the caller knows the API; the kit does not). */
  approve: () => Promise<unknown>;
  /** The lists showing the account, refreshed once it is approved. */
  refresh: QueryKey[];
};

/** An admin lets a staff account in: it can sign in from now on; a failure shows under the button. */
export function ApproveButton({ name, approve, refresh }: Props) {
  const queryClient = useQueryClient();
  const approval = useMutation({
    mutationFn: approve,
    onSuccess: async () => {
      toast.success(`${name} can now sign in.`);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button onClick={() => approval.mutate()} disabled={approval.isPending} aria-label={`Approve ${name}`}>
        {approval.isPending ? "Approving..." : "Approve"}
      </Button>
      <InlineAlert message={approval.isError ? failureMessage(approval.error) : null} />
    </div>
  );
}

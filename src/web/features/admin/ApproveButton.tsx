import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { failureMessage } from "../../components/form/form-errors";
import { InlineAlert } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { toast } from "../toast/toast-store";
import { approveAccount } from "./api";

type Props = {
  accountId: string;
  name: string;
  /** Other lists showing the account, refreshed with the list of accounts. */
  alsoRefresh?: QueryKey;
};

/** An admin lets a staff account in: it can sign in from now on; a failure shows under the button. */
export function ApproveButton({ accountId, name, alsoRefresh }: Props) {
  const queryClient = useQueryClient();
  const approval = useMutation({
    mutationFn: () => approveAccount(accountId),
    onSuccess: async () => {
      toast.success(`${name} can now sign in.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/admin/users"] }),
        alsoRefresh ? queryClient.invalidateQueries({ queryKey: alsoRefresh }) : null,
      ]);
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

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminUsersPage } from "../../../shared/admin-users";
import { failureMessage } from "../../components/form/form-errors";
import { toast } from "../../lib/toast";
import { type AccountChange, accountFiguresKeys, adminUsersKey } from "./api";

/**
 * One change of an account from the accounts table: on success a toast, the account's row patched at once with
 * what the server changed (its menus follow without waiting for a refetch), and the lists refreshed (the audit
 * log too); on failure the server's words (docs/product.md#wording, or why an admin cannot do it) in an error toast.
 */
export function useAccountChange<Input>(change: (input: Input) => Promise<AccountChange>, success: (input: Input) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (changed, input) => {
      toast.success(success(input));
      queryClient.setQueriesData<AdminUsersPage>({ queryKey: adminUsersKey }, (page) =>
        page ? { ...page, items: page.items.map((row) => (row.id === changed.id ? { ...row, ...changed } : row)) } : page,
      );
      await Promise.all([...accountFiguresKeys, ["/admin/audit-log"]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => toast.error(failureMessage(error)),
  });
}

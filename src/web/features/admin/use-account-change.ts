import { useMutation, useQueryClient } from "@tanstack/react-query";
import { failureMessage } from "../../components/form/form-errors";
import { toast } from "../../lib/toast";

/**
 * One change of an account from the accounts table: on success a toast and the lists refreshed (the audit log
 * too); on failure the server's words (docs/product.md#wording, or why an admin cannot do it) in an error toast.
 */
export function useAccountChange<Input>(change: (input: Input) => Promise<unknown>, success: (input: Input) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (_result, input) => {
      toast.success(success(input));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/admin/users"] }),
        queryClient.invalidateQueries({ queryKey: ["/admin/audit-log"] }),
        queryClient.invalidateQueries({ queryKey: ["/admin/dashboard"] }),
      ]);
    },
    onError: (error) => toast.error(failureMessage(error)),
  });
}

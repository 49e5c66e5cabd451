import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../shared/api";
import type { InquiryUpdate } from "../../../shared/inquiries";
import { failureMessage } from "../../components/form/form-errors";
import { toast } from "../../lib/toast";
import { inquiryQuery, refreshInquiries, updateInquiry } from "./api";

/** Saves a change to one inquiry; the inbox's lists and counts follow. */
export function useInquiryUpdate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: InquiryUpdate) => updateInquiry(id, changes),
    onSuccess: async (saved) => {
      queryClient.setQueryData(inquiryQuery(id).queryKey, saved);
      toast.success("Inquiry saved.");
      await refreshInquiries(queryClient);
    },
  });
}

/** What went wrong with a change: the server's message about the field sent, else its general one. */
export function updateFailure(error: unknown, field: keyof InquiryUpdate): string {
  return (error instanceof ApiError && error.fields[field]) || failureMessage(error);
}

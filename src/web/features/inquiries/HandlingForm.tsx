import { type FormEvent, useState } from "react";
import type { InquiryItem, InquiryUpdate } from "../../../shared/inquiries";
import { FormAlert, TextAreaField } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { updateFailure, useInquiryUpdate } from "./use-inquiry-update";

/**
 * The reply note (what was answered, for the office) and the status: marking the inquiry handled saves
 * the note as typed too, so nothing written is lost; reopening puts it back with its assignee, or in New.
 */
export function HandlingForm({ inquiry }: { inquiry: InquiryItem }) {
  const [note, setNote] = useState(inquiry.replyNote);
  const save = useInquiryUpdate(inquiry.id);

  const send = (changes: InquiryUpdate) => save.mutate({ replyNote: note, ...changes });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({});
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextAreaField
        label="Reply note"
        optional
        hint="How the sender was answered, for the office. The sender does not see it."
        rows={4}
        maxLength={5000}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <FormAlert message={save.isError ? updateFailure(save.error, "replyNote") : null} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Save note
        </Button>
        {inquiry.status === "handled" ? (
          <Button disabled={save.isPending} onClick={() => send({ status: inquiry.assignedTo ? "assigned" : "new" })}>
            Reopen
          </Button>
        ) : (
          <Button disabled={save.isPending} onClick={() => send({ status: "handled" })}>
            Mark handled
          </Button>
        )}
      </div>
    </form>
  );
}

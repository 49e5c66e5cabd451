import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ImagePlus, Send, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../../shared/api";
import { conversationMessages, MESSAGE_ATTACHMENT_TYPES, messageBodySchema } from "../../../shared/conversations";
import { failureMessage } from "../../components/form/form-errors";
import { FormAlert, inputClass, mutedTextClass } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { FileButton } from "../../components/ui/FileButton";
import { sendMessage } from "./api";
import { checkPhotos } from "./photo-checks";
import { addToThread } from "./thread-cache";

type ChosenPhoto = { file: File; preview: string };
type Outgoing = { body: string; photos: ChosenPhoto[] };

/** What the server said about the message itself (its text, its photos), else its general message. */
function sendFailure(error: unknown): string {
  if (error instanceof ApiError) return error.fields.body ?? error.fields.attachments ?? error.message;
  return failureMessage(error);
}

const forget = (photos: readonly ChosenPhoto[]) => {
  for (const photo of photos) URL.revokeObjectURL(photo.preview);
};

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; up to four photos with previews, checked
 * before they go. A refused or failed message stays in the box with the reason, to be sent again.
 */
export function Composer({ conversationId, recipient }: { conversationId: number; recipient: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const textareaId = useId();
  const hintId = useId();
  const errorId = useId();

  // Previews live as object URLs until they are removed, sent, or the composer goes away.
  const chosen = useRef(photos);
  chosen.current = photos;
  useEffect(() => () => forget(chosen.current), []);

  const send = useMutation({
    mutationFn: ({ body, photos: outgoing }: Outgoing) =>
      sendMessage(
        conversationId,
        body,
        outgoing.map((photo) => photo.file),
      ),
    // Not repeated: a message that timed out may have arrived, and a refusal would only come again.
    retry: false,
    onSuccess: ({ message }, sent) => {
      addToThread(queryClient, conversationId, [message]);
      // Whatever was typed or added while it was on its way stays.
      setText((current) => (current.trim() === sent.body ? "" : current));
      forget(sent.photos);
      setPhotos((current) => current.filter((photo) => !sent.photos.includes(photo)));
      setFailure(null);
    },
    onError: (error) => setFailure(sendFailure(error)),
  });

  const submit = () => {
    if (send.isPending) return;
    const body = messageBodySchema.safeParse(text);
    if (!body.success) return setFailure(body.error.issues[0]?.message ?? conversationMessages.tooLong);
    if (!body.data && photos.length === 0) return setFailure(conversationMessages.emptyMessage);
    setFailure(null);
    send.mutate({ body: body.data, photos });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onChoose = (files: File[]) => {
    const { accepted, problem } = checkPhotos(photos.length, files);
    setFailure(problem);
    setPhotos((current) => [...current, ...accepted.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  };

  const remove = (photo: ChosenPhoto) => {
    forget([photo]);
    setPhotos((current) => current.filter((item) => item !== photo));
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-neutral-light p-3 sm:p-4 dark:border-brand-700">
      {photos.length > 0 ? (
        <ul aria-label="Photos to send" className="flex flex-wrap gap-2">
          {photos.map((photo) => (
            <li key={photo.preview} className="relative">
              <img src={photo.preview} alt={photo.file.name} className="size-16 rounded-md object-cover" />
              <button
                type="button"
                onClick={() => remove(photo)}
                className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-brand-900 text-white dark:bg-white dark:text-brand-900"
              >
                <X aria-hidden className="size-4" />
                <span className="sr-only">Remove {photo.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={textareaId} className="sr-only">
        Write a message to {recipient}
      </label>
      <textarea
        id={textareaId}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        placeholder="Write a message"
        aria-describedby={failure ? `${hintId} ${errorId}` : hintId}
        aria-invalid={failure ? true : undefined}
        className={`${inputClass} max-h-40 resize-y`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className={`text-sm ${mutedTextClass}`}>
          Markdown supported. Enter sends, Shift+Enter adds a line.
        </p>
        <div className="flex gap-2">
          <FileButton className="px-3" multiple accept={MESSAGE_ATTACHMENT_TYPES.join(",")} onFiles={onChoose} disabled={send.isPending}>
            <ImagePlus aria-hidden className="size-4" />
            <span className="sr-only">Add </span>Photos
          </FileButton>
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden className="size-4" />
            {send.isPending ? "Sending..." : "Send"}
          </Button>
        </div>
      </div>
      <FormAlert id={errorId} message={failure} />
    </form>
  );
}

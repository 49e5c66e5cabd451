import type { ChatAttachment, ChatMessage } from "../../../shared/conversations";
import { ConfirmButton } from "../../components/ui/ConfirmButton";
import { useDateFormats } from "../../lib/use-date-formats";
import { PersonAvatar } from "./people";

// The server's sanitised HTML, styled here: emphasis, lists, quotes, code and links, inheriting the bubble's colours.
const bodyClass =
  "[overflow-wrap:anywhere] [&_a]:font-semibold [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-accent-500 [&_blockquote]:pl-3 [&_code]:font-mono [&_code]:text-sm [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_pre]:whitespace-pre-wrap [&_ul]:list-disc [&_ul]:pl-5";

const bubbleClass = {
  own: "bg-brand-900 text-white dark:bg-neutral-light dark:text-brand-900",
  other: "bg-neutral-light/50 text-brand-900 dark:bg-brand-700 dark:text-white",
};

/** One message: who wrote it and when, its text, its photos (thumbnails opening the larger size). Own messages sit on the right. */
export function MessageItem(props: {
  message: ChatMessage;
  own: boolean;
  onOpenPhoto: (photo: ChatAttachment) => void;
  /** Given to the author and to admins: a Remove action that asks first. */
  onRemove?: () => Promise<unknown>;
}) {
  const formats = useDateFormats();
  const { message, own, onOpenPhoto, onRemove } = props;
  const authorName = own ? "You" : (message.author?.name ?? "Former member");
  return (
    <li className={`flex items-end gap-2 ${own ? "flex-row-reverse" : ""}`}>
      <PersonAvatar person={message.author} />
      <div className={`flex min-w-0 max-w-[85%] flex-col gap-1 sm:max-w-[75%] ${own ? "items-end" : "items-start"}`}>
        <p className="text-sm">
          <span className="font-semibold">{authorName}</span>{" "}
          <time dateTime={message.createdAt} title={formats.dateTime(message.createdAt)} className="text-brand-700 dark:text-neutral-light">
            {formats.time(message.createdAt)}
          </time>
        </p>
        {onRemove ? (
          <ConfirmButton
            label="Remove"
            accessibleName={`Remove the message ${own ? "you" : authorName} sent at ${formats.time(message.createdAt)}`}
            title="Remove this message?"
            pendingLabel="Removing..."
            variant="danger"
            onConfirm={onRemove}
          >
            <p>It disappears for everyone in this conversation, with its photos.</p>
          </ConfirmButton>
        ) : null}
        <div className={`flex min-w-0 max-w-full flex-col gap-2 rounded-2xl px-4 py-2 ${own ? bubbleClass.own : bubbleClass.other}`}>
          {message.bodyHtml ? (
            // bodyHtml only: the server renders the Markdown and sanitises it.
            <div className={bodyClass} dangerouslySetInnerHTML={{ __html: message.bodyHtml }} />
          ) : null}
          {message.attachments.length > 0 ? (
            <ul aria-label="Photos" className="grid grid-cols-2 gap-2">
              {message.attachments.map((photo) => (
                <li key={photo.url}>
                  <button type="button" onClick={() => onOpenPhoto(photo)} title="Open larger" className="block overflow-hidden rounded-md">
                    <img
                      src={photo.thumbUrl}
                      alt={photo.name}
                      width={photo.width}
                      height={photo.height}
                      loading="lazy"
                      className="h-28 w-32 object-cover sm:w-40"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </li>
  );
}

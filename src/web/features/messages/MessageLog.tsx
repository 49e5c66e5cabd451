import { ArrowDown } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { ChatAttachment, ChatMessage } from "../../../shared/conversations";
import { countOf } from "../../../shared/plural";
import { Button } from "../../components/ui/Button";
import { ErrorMessage } from "../../components/ui/StatusMessage";
import { useDateFormats } from "../../lib/use-date-formats";
import { dayLabel, groupByDay } from "./days";
import { MessageItem } from "./MessageItem";
import { PhotoViewer } from "./PhotoViewer";

/** How close to the end (px) still counts as reading the newest messages. */
const AT_BOTTOM_PX = 48;

type Props = {
  label: string;
  messages: readonly ChatMessage[];
  viewerId: string;
  /** Admins may remove anyone's message; others their own. */
  viewerIsAdmin: boolean;
  onRemove: (message: ChatMessage) => Promise<unknown>;
  hasOlder: boolean;
  loadOlder: { mutate: () => void; isPending: boolean; error: Error | null };
};

/**
 * The messages, oldest to newest by day. Opens on the newest; follows new ones while the reader is at the
 * end, otherwise offers a "new messages" button; an older page loaded above keeps what is on screen in place.
 */
export function MessageLog({ label, messages, viewerId, viewerIsAdmin, onRemove, hasOlder, loadOlder }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const shown = useRef<{ firstId?: number; lastId?: number; height: number }>({ height: 0 });
  const formats = useDateFormats();
  const [unseen, setUnseen] = useState(0);
  const [photo, setPhoto] = useState<ChatAttachment | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the first or last message changes, before paint.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = shown.current;
    if (before.lastId === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (lastId !== before.lastId) {
      const arrived = messages.filter((message) => message.id > (before.lastId ?? 0));
      if (atBottom.current || arrived.some((message) => message.author?.id === viewerId)) {
        element.scrollTop = element.scrollHeight;
        setUnseen(0);
      } else {
        setUnseen((count) => count + arrived.length);
      }
    } else if (firstId !== before.firstId) {
      // An older page went in above: keep the same messages under the reader's eyes.
      element.scrollTop += element.scrollHeight - before.height;
    }
    shown.current = { firstId, lastId, height: element.scrollHeight };
  }, [firstId, lastId]);

  // Someone reading the newest messages keeps them in view when the box or its content changes size (a phone turned, a longer draft).
  useEffect(() => {
    const element = scroller.current;
    const content = element?.firstElementChild;
    if (!element || !content) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
    shown.current.height = element.scrollHeight;
    if (atBottom.current) setUnseen(0);
  };

  const toNewest = () => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: "smooth" });
    setUnseen(0);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus, so the keyboard can scroll it.
        tabIndex={0}
        role="log"
        aria-label={label}
        // The browser's own scroll anchoring is off: this component keeps the place when older messages go in above.
        className="h-full overflow-y-auto px-3 py-4 [overflow-anchor:none] sm:px-5"
      >
        <div>
          {hasOlder ? (
            <div className="mb-4 flex flex-col items-center gap-2">
              <Button variant="secondary" onClick={() => loadOlder.mutate()} disabled={loadOlder.isPending}>
                {loadOlder.isPending ? "Loading older messages..." : "Load older messages"}
              </Button>
              {loadOlder.error ? <ErrorMessage error={loadOlder.error} onRetry={() => loadOlder.mutate()} /> : null}
            </div>
          ) : null}
          {messages.length === 0 ? (
            <p className="py-10 text-center text-brand-700 dark:text-neutral-light">No messages yet. Write the first one below.</p>
          ) : null}
          {groupByDay(messages, formats).map((group) => (
            <section key={group.day} aria-label={dayLabel(group.day, formats)} className="mb-4">
              <h3 className="my-3 text-center text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-neutral-light">
                {dayLabel(group.day, formats)}
              </h3>
              <ol className="flex flex-col gap-3">
                {group.messages.map((message) => {
                  const own = message.author?.id === viewerId;
                  return (
                    <MessageItem
                      key={message.id}
                      message={message}
                      own={own}
                      onOpenPhoto={setPhoto}
                      onRemove={own || viewerIsAdmin ? () => onRemove(message) : undefined}
                    />
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
      </div>
      {unseen > 0 ? (
        <button
          type="button"
          onClick={toNewest}
          className="absolute bottom-3 left-1/2 flex min-h-10 -translate-x-1/2 items-center gap-2 rounded-full bg-accent-700 px-4 font-semibold text-white shadow-lg hover:bg-brand-900 dark:bg-accent-500 dark:text-brand-900"
        >
          <ArrowDown aria-hidden className="size-4" />
          {countOf(unseen, "new message")}
        </button>
      ) : null}
      <PhotoViewer photo={photo} onClose={() => setPhoto(null)} />
    </div>
  );
}

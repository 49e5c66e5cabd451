import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { usePopover } from "../../lib/use-popover";
import { buttonClass } from "./Button";

export type ActionMenuItem = { label: string; onSelect: () => void; danger?: boolean };

/**
 * A row's actions behind one button ("Actions for Ada Eze"): a menu that takes focus on its first item, moves with
 * the arrow keys, Home and End, and closes on Escape, Tab or a click outside. Choosing an item puts focus back on the
 * button first, so a dialog the item opens returns focus there when it closes.
 */
export function ActionMenu({ label, items }: { label: string; items: readonly ActionMenuItem[] }) {
  const { open, setOpen, container, panelId, buttonProps } = usePopover();
  const entries = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) entries.current[0]?.focus();
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = entries.current.filter((entry): entry is HTMLButtonElement => entry !== null);
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: buttons.length - 1 };
    if (event.key === "Tab") setOpen(false);
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };

  if (items.length === 0) return null;
  return (
    <div ref={container} className="relative inline-block">
      <button type="button" {...buttonProps} aria-haspopup="menu" aria-label={label} className={buttonClass("secondary", "px-3")}>
        Actions
        <ChevronDown aria-hidden className="size-4" />
      </button>
      {open ? (
        <div
          id={panelId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-20 mt-1 flex min-w-52 flex-col rounded-md border border-neutral-light bg-white py-1 text-left shadow-lg dark:border-brand-700 dark:bg-brand-900"
        >
          {items.map((item, index) => (
            <button
              key={item.label}
              ref={(element) => {
                entries.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                buttonProps.ref.current?.focus();
                setOpen(false);
                item.onSelect();
              }}
              className={`min-h-10 px-4 py-2 text-left font-medium hover:bg-neutral-light focus:bg-neutral-light focus:outline-none dark:hover:bg-brand-700 dark:focus:bg-brand-700 ${
                item.danger ? "text-red-700 dark:text-red-300" : ""
              }`}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

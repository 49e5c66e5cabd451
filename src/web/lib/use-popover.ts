import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * A button that opens a panel: a click outside, Escape (focus back on the button) or a new page
 * closes it. Spread `buttonProps` on the button and put `panelId` on the panel.
 */
export function usePopover<Container extends HTMLElement = HTMLDivElement>() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const container = useRef<Container>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  return {
    open,
    setOpen,
    container,
    panelId,
    buttonProps: { ref: button, "aria-expanded": open, "aria-controls": panelId, onClick: () => setOpen((value) => !value) },
  };
}

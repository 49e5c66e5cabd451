import { type ComponentProps, type ReactNode, useState } from "react";
import { Button } from "./Button";
import { ModalDialog } from "./ModalDialog";

type Props = Pick<ComponentProps<typeof ModalDialog>, "title" | "description" | "size"> & {
  /** The button's text. */
  label: ReactNode;
  /** The button's accessible name when its text alone is ambiguous. */
  accessibleName?: string;
  variant?: ComponentProps<typeof Button>["variant"];
  /** The dialog's content, given a way to close it (once its work is done). */
  children: (close: () => void) => ReactNode;
};

/** A button that opens a modal dialog (a form, most often), which starts afresh at each opening. */
export function DialogButton({ label, accessibleName, variant, title, description, size, children }: Props) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant={variant} aria-label={accessibleName} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ModalDialog open={open} onClose={close} title={title} description={description} size={size}>
        {children(close)}
      </ModalDialog>
    </>
  );
}

import type { ComponentProps, ReactNode } from "react";
import { buttonClass } from "./Button";

type Props = Omit<ComponentProps<"input">, "type" | "className" | "onChange" | "children"> & {
  /** The files chosen; the input is emptied after, so that the same file can be chosen again. */
  onFiles: (files: File[]) => void;
  /** More classes for the button. */
  className?: string;
  children: ReactNode;
};

/** Choosing files from the device, with a button's look: the file input sits inside its label, where keyboard focus shows. */
export function FileButton({ onFiles, className = "", children, ...input }: Props) {
  return (
    <label
      className={buttonClass(
        "secondary",
        `cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500 ${className}`,
      )}
    >
      <input
        type="file"
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          onFiles(files);
        }}
        {...input}
      />
      {children}
    </label>
  );
}

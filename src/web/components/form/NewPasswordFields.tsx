import type { ComponentProps } from "react";
import { PasswordField } from "./form-fields";

type Binding = Omit<ComponentProps<typeof PasswordField>, "purpose" | "label">;

/** The new password and the same typed again (withPasswordConfirmation checks they match), bound by useApiForm's `field`. */
export function NewPasswordFields({ field }: { field: (name: "newPassword" | "confirmPassword") => Binding }) {
  return (
    <>
      <PasswordField purpose="new" label="New password" {...field("newPassword")} />
      <PasswordField purpose="repeat" label="Confirm new password" {...field("confirmPassword")} />
    </>
  );
}

import { CircleCheck } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../shared/password-length";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-brand-700/60 bg-white px-3 py-2 text-brand-900 aria-[invalid=true]:border-red-700 dark:border-neutral-mid dark:bg-brand-900 dark:text-white dark:aria-[invalid=true]:border-red-300";

export const mutedTextClass = "text-brand-700 dark:text-neutral-light";
export const linkClass = "font-semibold text-accent-700 underline underline-offset-2 dark:text-accent-500";

type FieldFrame = {
  label: ReactNode;
  /** The message shown under the field, from validation or from the server. */
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
};

/** Label, hint, control and message, wired together for assistive technology: the frame's ids and the control's attributes. */
function useFieldIds(id: string | undefined, { hint, error, optional }: Omit<FieldFrame, "label">) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const control = {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    "aria-required": optional ? undefined : true,
  } as const;
  return { frame: { controlId, hintId, errorId }, control };
}

function Frame(props: FieldFrame & { controlId: string; hintId?: string; errorId?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.controlId} className="font-medium">
        {props.label}
        {props.optional ? <span className={`font-normal ${mutedTextClass}`}> (optional)</span> : null}
      </label>
      {props.hint ? (
        <p id={props.hintId} className={`text-sm ${mutedTextClass}`}>
          {props.hint}
        </p>
      ) : null}
      {props.children}
      {props.error ? (
        <p id={props.errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, hint, optional, id, className, ...input }: FieldFrame & ComponentProps<"input">) {
  const ids = useFieldIds(id, { hint, error, optional });
  return (
    <Frame label={label} error={error} hint={hint} optional={optional} {...ids.frame}>
      <input {...ids.control} className={`${inputClass} ${className ?? ""}`} {...input} />
    </Frame>
  );
}

/** An email address; the device offers the addresses it knows (for a sign-in, pass autoComplete="username"). */
export function EmailField(field: ComponentProps<typeof TextField>) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...field} />;
}

/** For password managers, in a form that asks for a password: the account it belongs to. */
export function AccountUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

type PasswordPurpose = "current" | "new" | "repeat";

/**
 * A password: the one in use ("current"), a new one with its rule as the hint ("new"), or the new one
 * typed again ("repeat"); password managers fill or suggest it accordingly.
 */
export function PasswordField({ purpose, ...field }: { purpose: PasswordPurpose } & ComponentProps<typeof TextField>) {
  return (
    <TextField
      type="password"
      autoComplete={purpose === "current" ? "current-password" : "new-password"}
      hint={purpose === "new" ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
      {...field}
    />
  );
}

/** A one-time code (the authenticator app's, a recovery code, one from an email), which the device may fill in. */
export function CodeField(field: ComponentProps<typeof TextField>) {
  return <TextField autoComplete="one-time-code" inputMode="numeric" spellCheck={false} {...field} />;
}

export function SelectField({ label, error, hint, optional, id, children, ...select }: FieldFrame & ComponentProps<"select">) {
  const ids = useFieldIds(id, { hint, error, optional });
  return (
    <Frame label={label} error={error} hint={hint} optional={optional} {...ids.frame}>
      <select {...ids.control} className={inputClass} {...select}>
        {children}
      </select>
    </Frame>
  );
}

export function TextAreaField({ label, error, hint, optional, id, className, ...textarea }: FieldFrame & ComponentProps<"textarea">) {
  const ids = useFieldIds(id, { hint, error, optional });
  return (
    <Frame label={label} error={error} hint={hint} optional={optional} {...ids.frame}>
      <textarea {...ids.control} className={`${inputClass} ${className ?? ""}`} rows={4} {...textarea} />
    </Frame>
  );
}

/**
 * A failure that concerns the whole form; screen readers announce it at once. It shows its message
 * (and whatever follows it, like a link to the next step) and nothing when there is neither.
 */
export function FormAlert({
  message,
  id,
  className = "",
  children,
}: {
  message?: string | null;
  id?: string;
  className?: string;
  children?: ReactNode;
}) {
  if (!message && !children) return null;
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-md border border-red-700 bg-red-50 p-4 text-red-800 dark:border-red-300 dark:bg-red-950 dark:text-red-100 ${className}`}
    >
      {message ? <p>{message}</p> : null}
      {children}
    </div>
  );
}

/** A failure beside the control it concerns (a list row's button), announced at once; nothing without one. */
export function InlineAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

/** Good news about the form (sent, saved), announced politely. */
export function FormSuccess({ title, children }: { title?: ReactNode; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex gap-3 rounded-md border border-green-700 bg-green-50 p-4 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
    >
      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div className="flex flex-col gap-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

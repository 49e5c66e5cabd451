import { type FormEvent, type ReactNode, useId, useState } from "react";
import { PHOTOS_PER_UPLOAD, projectMessages } from "../../../../shared/project-terms";
import { FormAlert, inputClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { acceptOf, fileRefusal } from "./file-checks";
import { useOutboxContext } from "./outbox-context";

/** The text fields of a form, by name. */
export type TextFields = Record<string, string>;

/** A form's check: the message of each field that will not do (empty when all will). */
export type DraftCheck = (fields: TextFields) => Record<string, string>;

type DraftFormProps = {
  label: string;
  submitLabel: string;
  /** Photos and videos (the gallery's), or photos of what the form makes. */
  files: "photos" | "photos-and-videos";
  filesRequired?: boolean;
  check: DraftCheck;
  /** Keeps what the form made; the fields were checked. */
  keep: (fields: TextFields, files: File[]) => Promise<void>;
  onDone: () => void;
  children: (errors: Record<string, string>) => ReactNode;
};

/**
 * A form of /site that keeps what it makes on this phone to be sent (the outbox), with or without a network: its
 * fields checked by the server's own rules first, so that what is kept will be taken.
 */
export function DraftForm({ label, submitLabel, files, filesRequired = false, check, keep, onDone, children }: DraftFormProps) {
  const { saveData } = useOutboxContext();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [keeping, setKeeping] = useState(false);
  const fileId = useId();
  const photosOnly = files === "photos";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = form.getAll("files").filter((file): file is File => file instanceof File && file.size > 0);
    const fields = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const found = check(fields);
    const refused = chosen.map((file) => fileRefusal(file, photosOnly, saveData)).find((message) => message !== null);
    if (refused) found.files = refused;
    else if (photosOnly && chosen.length > PHOTOS_PER_UPLOAD) found.files = projectMessages.tooManyPhotos;
    else if (filesRequired && chosen.length === 0) found.files = "Choose at least one photo or video.";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setKeeping(true);
    try {
      await keep(fields, chosen);
      onDone();
    } catch {
      setProblem("This phone could not keep it: its storage may be full. Free some space and try again.");
    } finally {
      setKeeping(false);
    }
  };

  return (
    <form aria-label={label} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <FormAlert message={problem} />
      {children(errors)}
      <div>
        <label htmlFor={fileId} className="font-medium">
          {photosOnly ? "Photos" : "Photos or videos"}
          {filesRequired ? null : <span className="font-normal"> (optional)</span>}
        </label>
        <input
          id={fileId}
          name="files"
          type="file"
          multiple
          accept={acceptOf(photosOnly)}
          aria-invalid={errors.files ? true : undefined}
          aria-describedby={errors.files ? `${fileId}-error` : undefined}
          className={inputClass}
        />
        {errors.files ? (
          <p id={`${fileId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {errors.files}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={keeping}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The messages of a zod check, by field (the first of each). */
export function fieldMessages(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    messages[field] ??= issue.message;
  }
  return messages;
}

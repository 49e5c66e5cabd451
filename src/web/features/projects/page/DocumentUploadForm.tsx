import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { documentTitleSchema, projectMessages } from "../../../../shared/projects";
import { FormAlert, inputClass, mutedTextClass, SubmitButton, TextField } from "../../../components/form/form-fields";
import { useAttempt } from "../../../components/form/use-attempt";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { DOCUMENT_ACCEPT, documentProblem, formatFileSize } from "../upload-checks";

/** One document with a title; its type and size are checked before it is sent. */
export function DocumentUploadForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [titleError, setTitleError] = useState<string | undefined>();
  const { pending: uploading, failure, setFailure, attempt } = useAttempt();
  // A new input after each upload, so the chosen file's name does not linger.
  const [inputKey, setInputKey] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedTitle = documentTitleSchema.safeParse({ title });
    setTitleError(checkedTitle.success ? undefined : checkedTitle.error.issues[0]?.message);
    if (!file) return setFailure(projectMessages.noDocument);
    const problem = documentProblem(file);
    if (problem) return setFailure(problem);
    if (!checkedTitle.success) return setFailure(null);
    await attempt(async () => {
      const uploaded = await projectsApi.uploadDocument(projectId, file, checkedTitle.data.title ?? "");
      await refreshProjects(queryClient);
      setFile(null);
      setTitle("");
      setInputKey((key) => key + 1);
      toast.success("Document uploaded.", { description: uploaded.title || uploaded.fileName });
    });
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={fileId} className="font-medium">
          File
        </label>
        <input
          key={inputKey}
          id={fileId}
          type="file"
          accept={DOCUMENT_ACCEPT}
          className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-neutral-light file:px-3 file:py-1 file:font-semibold file:text-brand-900`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setFailure(chosen ? documentProblem(chosen) : null);
          }}
        />
        {file ? <p className={`mt-1 text-sm ${mutedTextClass}`}>{formatFileSize(file.size)}</p> : null}
      </div>
      <TextField
        label="Title"
        optional
        hint="For example: Structural drawings, revision B."
        maxLength={200}
        value={title}
        error={titleError}
        onChange={(event) => setTitle(event.target.value)}
      />
      <FormAlert className="sm:col-span-2" message={failure} />
      <div className="sm:max-w-xs">
        <SubmitButton pending={uploading} label="Upload document" pendingLabel="Uploading..." />
      </div>
    </form>
  );
}

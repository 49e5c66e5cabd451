import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import {
  type DocumentFolder,
  documentFolderLabels,
  documentFolders,
  documentTitleSchema,
  projectMessages,
} from "../../../../shared/projects";
import { FormAlert, inputClass, mutedTextClass, SelectField, TextField } from "../../../components/form/form-fields";
import { useAttempt } from "../../../components/form/use-attempt";
import { SubmitButton } from "../../../components/ui/SubmitButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";
import { DOCUMENT_ACCEPT, documentProblem, formatFileSize } from "../upload-checks";

/**
 * One document with a title, in a folder; its type and size are checked before it is sent. The same file name in the
 * same folder becomes the document's next version.
 */
export function DocumentUploadForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [folder, setFolder] = useState<DocumentFolder>("other");
  const [titleError, setTitleError] = useState<string | undefined>();
  const { pending: uploading, failure, setFailure, attempt } = useAttempt();
  // A new input after each upload, so the chosen file's name does not linger.
  const [inputKey, setInputKey] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedTitle = documentTitleSchema.safeParse({ title, folder });
    setTitleError(checkedTitle.success ? undefined : checkedTitle.error.issues[0]?.message);
    if (!file) return setFailure(projectMessages.noDocument);
    const problem = documentProblem(file);
    if (problem) return setFailure(problem);
    if (!checkedTitle.success) return setFailure(null);
    await attempt(async () => {
      const uploaded = await projectsApi.uploadDocument(projectId, file, checkedTitle.data.title ?? "", checkedTitle.data.folder);
      await refreshProjects(queryClient);
      setFile(null);
      setTitle("");
      setInputKey((key) => key + 1);
      toast.success(uploaded.version > 1 ? `Version ${uploaded.version} uploaded.` : "Document uploaded.", {
        description: `${uploaded.title || uploaded.fileName} · ${documentFolderLabels[uploaded.folder]}`,
      });
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
      <SelectField
        label="Folder"
        hint="A file with the same name in the same folder becomes its next version."
        value={folder}
        onChange={(event) => setFolder(event.target.value as DocumentFolder)}
      >
        {documentFolders.map((option) => (
          <option key={option} value={option}>
            {documentFolderLabels[option]}
          </option>
        ))}
      </SelectField>
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

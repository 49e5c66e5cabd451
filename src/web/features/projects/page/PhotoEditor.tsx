import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ProjectPhoto } from "../../../../shared/projects";
import { InlineAlert, inputClass } from "../../../components/form/form-fields";
import { useAttempt } from "../../../components/form/use-attempt";
import { Button } from "../../../components/ui/Button";
import { ConfirmButton } from "../../../components/ui/ConfirmButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { projectsApi } from "../api";

/** An editor's controls under a gallery photo: change its caption, make it the cover, delete it. */
export function PhotoEditor({ projectId, photo, position }: { projectId: number; photo: ProjectPhoto; position: number }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [caption, setCaption] = useState(photo.caption);
  const [reason, setReason] = useState("");
  const { pending: busy, failure, attempt } = useAttempt();
  const name = `photo ${position + 1}`;
  const captionInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) captionInput.current?.focus();
  }, [editing]);

  const run = (work: () => Promise<unknown>, done: string) =>
    attempt(async () => {
      await work();
      await refreshProjects(queryClient);
      toast.success(done);
    });

  if (editing) {
    return (
      <form
        className="flex flex-col gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          if (await run(() => projectsApi.setCaption(projectId, photo.id, caption), "Caption saved.")) setEditing(false);
        }}
      >
        <label className="text-sm font-medium">
          Caption of {name}
          <input
            className={inputClass}
            maxLength={300}
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            ref={captionInput}
          />
        </label>
        <InlineAlert message={failure} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            Save
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <InlineAlert message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit the caption of ${name}`}>
          Caption
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          aria-label={`Use ${name} as the cover`}
          onClick={() => void run(() => projectsApi.update(projectId, { coverPhotoId: photo.id }), "Cover photo changed.")}
        >
          Cover
        </Button>
        <ConfirmButton
          label="Delete"
          accessibleName={`Delete ${name}`}
          title="Delete this photo?"
          onConfirm={async () => {
            await projectsApi.removePhoto(projectId, photo.id, reason);
            await refreshProjects(queryClient);
            toast.success("Photo deleted.");
          }}
        >
          <p>
            It leaves the gallery{photo.updateId ? " and the site update it was posted with" : ""}. The project's evidence record keeps that
            it was removed, by you, and why.
          </p>
          <label className="mt-3 block text-sm font-medium">
            Why it is removed
            <input className={inputClass} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
        </ConfirmButton>
      </div>
    </div>
  );
}

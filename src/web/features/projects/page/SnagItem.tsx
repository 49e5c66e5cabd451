import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ProjectPhoto } from "../../../../shared/projects";
import { SNAG_REASON_MAX, type Snag, type SnagStatus, snagStatusLabels } from "../../../../shared/snags";
import { FormAlert, mutedTextClass, TextAreaField } from "../../../components/form/form-fields";
import { useAttempt } from "../../../components/form/use-attempt";
import { Button } from "../../../components/ui/Button";
import { DialogButton } from "../../../components/ui/DialogButton";
import { SubmitButton } from "../../../components/ui/SubmitButton";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { useDateFormats } from "../../../lib/use-date-formats";
import { projectsApi } from "../api";
import { PhotoThumbnail } from "./PhotoThumbnail";

const statusTones: Record<SnagStatus, string> = {
  open: "border-amber-700 bg-amber-50 text-amber-900 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100",
  fixed: "border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-100",
  closed: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
};

/** The button of each move, and what is said once it is made. */
const moveWords: Record<SnagStatus, { label: string; done: string }> = {
  fixed: { label: "Mark fixed", done: "Snag marked fixed." },
  closed: { label: "Close", done: "Snag closed." },
  open: { label: "Reopen", done: "Snag reopened." },
};

type Props = { projectId: number; snag: Snag; onOpenPhoto: (photos: ProjectPhoto[], index: number) => void };

/** Reopening asks why: the reason is kept in the snag's history and told to its assignee. */
function ReopenForm({ projectId, snag, onDone }: { projectId: number; snag: Snag; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const { pending, failure, attempt } = useAttempt();
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        const done = await attempt(async () => {
          await projectsApi.moveSnag(projectId, snag.id, "open", reason);
          await refreshProjects(queryClient);
        });
        if (done) {
          toast.success(moveWords.open.done);
          onDone();
        }
      }}
    >
      <TextAreaField
        label="Why is it reopened?"
        rows={3}
        maxLength={SNAG_REASON_MAX}
        data-autofocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <FormAlert message={failure} />
      <SubmitButton pending={pending} label="Reopen snag" pendingLabel="Reopening..." />
    </form>
  );
}

/** The moves the viewer may make: 'Mark fixed' and 'Close' at once, 'Reopen' after saying why. */
function SnagMoves({ projectId, snag }: { projectId: number; snag: Snag }) {
  const queryClient = useQueryClient();
  const { pending, failure, attempt } = useAttempt();
  if (snag.moves.length === 0) return null;
  const moveTo = async (status: SnagStatus) => {
    const done = await attempt(async () => {
      await projectsApi.moveSnag(projectId, snag.id, status);
      await refreshProjects(queryClient);
    });
    if (done) toast.success(moveWords[status].done);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {snag.moves.map((status) =>
          status === "open" ? (
            <DialogButton
              key={status}
              variant="secondary"
              label={moveWords.open.label}
              accessibleName={`Reopen ${snag.title}`}
              title={`Reopen '${snag.title}'?`}
            >
              {(close) => <ReopenForm projectId={projectId} snag={snag} onDone={close} />}
            </DialogButton>
          ) : (
            <Button
              key={status}
              variant={status === "closed" ? "primary" : "secondary"}
              disabled={pending}
              aria-label={`${moveWords[status].label}: ${snag.title}`}
              onClick={() => void moveTo(status)}
            >
              {moveWords[status].label}
            </Button>
          ),
        )}
      </div>
      <FormAlert message={failure} />
    </div>
  );
}

/** One snag: its status, what and where, who raised it and who fixes it by when, its photos and its history. */
export function SnagItem({ projectId, snag, onOpenPhoto }: Props) {
  const formats = useDateFormats();
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
      <article aria-label={`Snag: ${snag.title}`} className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${statusTones[snag.status]}`}>
            {snagStatusLabels[snag.status]}
          </span>
          <h3 className="min-w-0 font-semibold break-words">{snag.title}</h3>
        </div>
        <p className="break-words">{snag.location}</p>
        <p className={`text-sm ${mutedTextClass}`}>
          Raised by {snag.raisedBy?.name ?? "a former member"} {formats.dateTime(snag.raisedAt)}.
          {snag.assignee ? ` Assigned to ${snag.assignee.name}.` : " Not assigned."}
          {snag.dueOn ? ` Due ${formats.date(snag.dueOn)}.` : ""}
        </p>
        {snag.photos.length > 0 ? (
          <ul aria-label={`Photos of ${snag.title}`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {snag.photos.map((photo, index) => (
              <li key={photo.id}>
                <PhotoThumbnail photo={photo} position={index} onOpen={() => onOpenPhoto(snag.photos, index)} />
              </li>
            ))}
          </ul>
        ) : null}
        {snag.history.length > 0 ? (
          <ol aria-label={`History of ${snag.title}`} className={`flex flex-col gap-1 text-sm ${mutedTextClass}`}>
            {snag.history.map((move) => (
              <li key={`${move.at}-${move.to}`} className="break-words">
                {snagStatusLabels[move.to]} by {move.by?.name ?? "a former member"} {formats.dateTime(move.at)}
                {move.reason ? `: ${move.reason}` : "."}
              </li>
            ))}
          </ol>
        ) : null}
        <SnagMoves projectId={projectId} snag={snag} />
      </article>
    </li>
  );
}

import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { FileSearch, ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { EvidenceEntry, EvidenceKind, EvidenceMatch } from "../../../../shared/evidence";
import { countOf } from "../../../../shared/plural";
import type { ProjectDetail } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { LoadMoreButton } from "../../../components/ui/LoadMoreButton";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { useDateFormats } from "../../../lib/use-date-formats";
import { evidenceQuery, projectsApi } from "../api";
import { fileSha256 } from "./file-sha256";
import { VerdictBadge } from "./VerdictBadge";

const kindLabels: Record<EvidenceKind, string> = {
  photo_added: "Photo added",
  photo_removed: "Photo removed",
  video_added: "Video added",
  video_removed: "Video removed",
  diary_entry: "Site update",
  milestone_done: "Milestone done",
  milestone_reopened: "Milestone reopened",
  live_check_requested: "Live check asked",
  live_check_answered: "Live check answered",
};

const short = (hash: string) => `${hash.slice(0, 12)}…`;
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** What an entry is about, in a line: the photo's caption, the update's first words, the milestone's title, the reason. */
function about(entry: EvidenceEntry): string {
  const { content } = entry;
  switch (entry.kind) {
    case "photo_added":
    case "video_added":
      return text(content.caption) || "No caption";
    case "photo_removed":
    case "video_removed":
      return text(content.reason) ? `Why: ${text(content.reason)}` : "No reason given";
    case "diary_entry":
      return text(content.body).replace(/\s+/g, " ").slice(0, 140);
    case "live_check_requested":
    case "live_check_answered":
      return `${text(content.request)} (code ${text(content.code)})`;
    default:
      return text(content.title);
  }
}

function CheckTheRecord({ projectId, entries }: { projectId: number; entries: readonly EvidenceEntry[] }) {
  const check = useMutation({ mutationFn: () => projectsApi.verifyEvidence(projectId) });
  const result = check.data;
  // The check names the entry by its id; the record shows entries by their number.
  const brokenAt = result && !result.intact ? (entries.find((entry) => entry.id === result.brokenAt)?.sequence ?? result.brokenAt) : null;
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" className="self-start" disabled={check.isPending} onClick={() => check.mutate()}>
        <ShieldCheck aria-hidden className="size-5" />
        {check.isPending ? "Checking..." : "Check the record"}
      </Button>
      <div role="status">
        {result?.intact === true ? (
          <p>
            The record is intact: {countOf(result.entries, "entry", "entries")}, each as it was written, with every kept photo's bytes. Its
            latest hash is <code className="break-all">{result.head}</code>.
          </p>
        ) : null}
        {brokenAt !== null ? (
          <p className="font-semibold text-red-800 dark:text-red-200">
            The record no longer matches from entry #{brokenAt}: something in it was changed after it was written. Ask the company to
            explain.
          </p>
        ) : null}
      </div>
      <FormAlert message={check.isError ? failureMessage(check.error) : null} />
    </div>
  );
}

function MatchAnswer({ answer }: { answer: EvidenceMatch }) {
  const formats = useDateFormats();
  const { match } = answer;
  if (!match) {
    return (
      <p>
        <strong>Not in this project's record.</strong> These exact bytes were never added. A photo passed on through a messaging app is
        usually compressed again: ask for it from the portal, where every photo can be checked.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <p>
        <strong>In this project's record</strong> ({match.as === "original" ? "the photo as taken" : "the photo as the portal served it"}):{" "}
        {match.caption || "no caption"}.
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <VerdictBadge verdict={match.verdict} reason={match.verdictReason} />
        <span>{match.verdictReason}</span>
      </p>
      <p className={`text-sm ${mutedTextClass}`}>
        {match.capturedAt ? `Taken ${formats.dateTime(match.capturedAt)}, ` : ""}received {formats.dateTime(match.receivedAt)}
        {match.uploadedBy ? ` from ${match.uploadedBy.name}` : ""}.
        {match.removedAt ? ` Removed from the project ${formats.dateTime(match.removedAt)}.` : ""}
      </p>
    </div>
  );
}

/** Drop or choose a file someone passed on: the portal says whether those exact bytes are in the record. */
function IsThisFileInTheRecord({ projectId }: { projectId: number }) {
  const [dragging, setDragging] = useState(false);
  const match = useMutation({ mutationFn: async (file: File) => projectsApi.matchEvidence(projectId, await fileSha256(file)) });
  const take = (file: File | undefined) => file && match.mutate(file);
  return (
    <div className="flex flex-col gap-3">
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files[0]);
        }}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center ${
          dragging ? "border-accent-700 bg-accent-50 dark:bg-brand-700" : "border-neutral-mid"
        }`}
      >
        <FileSearch aria-hidden className="size-8" />
        <span className="font-semibold">Is this file in the record?</span>
        <span className={`text-sm ${mutedTextClass}`}>
          Drop a photo here or choose one: it stays on your device, only its fingerprint is checked.
        </span>
        <input type="file" className="sr-only" onChange={(event) => take(event.target.files?.[0])} />
      </label>
      <div role="status">
        {match.isPending ? <p>Checking the file...</p> : null}
        {match.data ? <MatchAnswer answer={match.data} /> : null}
      </div>
      <FormAlert message={match.isError ? failureMessage(match.error) : null} />
    </div>
  );
}

/** The Evidence section: the project's tamper-evident record, its check, and the check of a file someone passed on. */
export function EvidenceLog({ project }: { project: ProjectDetail }) {
  const formats = useDateFormats();
  const log = useInfiniteQuery(evidenceQuery(project.id));
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <SectionCard id="check-record" title="Check the record">
        <p className={`mb-3 text-sm ${mutedTextClass}`}>
          Every photo, site update and milestone is written to this record with a fingerprint of what it holds and of the entry before it,
          so nothing in it can be changed or removed without the check finding it.
        </p>
        <CheckTheRecord projectId={project.id} entries={entries} />
      </SectionCard>
      <SectionCard id="check-file" title="Check a file">
        <IsThisFileInTheRecord projectId={project.id} />
      </SectionCard>
      <SectionCard id="record" title="The record" className="lg:col-span-2">
        {log.isPending ? <LoadingMessage>Loading the record...</LoadingMessage> : null}
        {log.isError ? <ErrorMessage error={log.error} onRetry={() => void log.refetch()} /> : null}
        {log.isSuccess && entries.length === 0 ? (
          <EmptyMessage title="Nothing recorded yet.">Photos, site updates and milestones are recorded as they are added.</EmptyMessage>
        ) : null}
        {entries.length > 0 ? (
          <div className="flex flex-col gap-4">
            <ol aria-label="Evidence record" className="flex flex-col divide-y divide-neutral-light dark:divide-brand-700">
              {entries.map((entry) => (
                <li key={entry.id} className="flex min-w-0 flex-col gap-0.5 py-2">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-mono text-sm">#{entry.sequence}</span>
                    <span className="font-semibold">{kindLabels[entry.kind]}</span>
                    <span className="min-w-0 break-words">{about(entry)}</span>
                  </p>
                  <p className={`text-sm ${mutedTextClass}`}>
                    {entry.recordedBy?.name ?? "A former member"} · {formats.dateTime(entry.recordedAt)} ·{" "}
                    <span className="font-mono" title={entry.entryHash}>
                      {short(entry.entryHash)}
                    </span>
                  </p>
                </li>
              ))}
            </ol>
            <LoadMoreButton query={log} label="Load earlier entries" />
          </div>
        ) : null}
      </SectionCard>
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Camera } from "lucide-react";
import { useState } from "react";
import { type LiveCheckStatus, liveCheckStatusLabels } from "../../../../shared/evidence";
import { countOf } from "../../../../shared/plural";
import type { LiveCheck, ProjectDetail, ProjectPhoto } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, inputClass, mutedTextClass } from "../../../components/form/form-fields";
import { Button, ButtonLink } from "../../../components/ui/Button";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { toast } from "../../../lib/toast";
import { useDateFormats } from "../../../lib/use-date-formats";
import { liveChecksQuery, projectsApi } from "../api";
import { Lightbox } from "./Lightbox";
import { PhotoThumbnail } from "./PhotoThumbnail";
import { VideoCard } from "./VideoCard";

const statusTones: Record<LiveCheckStatus, string> = {
  open: "border-sky-700 bg-sky-50 text-sky-900 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-100",
  answered: "border-green-700 bg-green-50 text-green-900 dark:border-green-300 dark:bg-green-950 dark:text-green-100",
  late: "border-red-700 bg-red-50 text-red-800 dark:border-red-300 dark:bg-red-950 dark:text-red-100",
};

function AskForALiveCheck({ project }: { project: ProjectDetail }) {
  const queryClient = useQueryClient();
  const formats = useDateFormats();
  const [request, setRequest] = useState("");
  const ask = useMutation({
    mutationFn: () => projectsApi.askLiveCheck(project.id, request),
    onSuccess: async (check) => {
      setRequest("");
      toast.success(`Live check asked: code ${check.code}.`, {
        description: `The site has until ${formats.dateTime(check.dueBy)} to show it.`,
      });
      await queryClient.invalidateQueries({ queryKey: liveChecksQuery(project.id).queryKey });
    },
  });
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        ask.mutate();
      }}
    >
      <p className={`text-sm ${mutedTextClass}`}>
        The site team gets a 4-digit code to write on a card, and photographs what you ask with the card in view, in the portal's camera,
        within {countOf(project.liveCheckHours, "hour")}.
      </p>
      <label className="text-sm font-medium">
        What should the site show you?
        <input
          className={inputClass}
          maxLength={300}
          placeholder="The east wall of the boys' quarters"
          value={request}
          onChange={(event) => {
            setRequest(event.target.value);
            ask.reset();
          }}
        />
      </label>
      <FormAlert message={ask.isError ? failureMessage(ask.error) : null} />
      <Button type="submit" disabled={ask.isPending} className="self-start">
        {ask.isPending ? "Asking..." : "Ask for a live check"}
      </Button>
    </form>
  );
}

function LiveCheckItem({
  project,
  check,
  onOpenPhoto,
}: {
  project: ProjectDetail;
  check: LiveCheck;
  onOpenPhoto: (photos: ProjectPhoto[], index: number) => void;
}) {
  const formats = useDateFormats();
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${statusTones[check.status]}`}>
          {liveCheckStatusLabels[check.status]}
        </span>
        <span className="font-mono text-2xl font-bold tracking-widest">
          <span className="sr-only">Code </span>
          {check.code}
        </span>
        <span className="min-w-0 font-semibold break-words">{check.request}</span>
      </div>
      <p className={`text-sm ${mutedTextClass}`}>
        Asked by {check.requestedBy?.name ?? "a former member"} {formats.dateTime(check.requestedAt)}; due {formats.dateTime(check.dueBy)}.
        {check.answeredAt ? ` Answered by ${check.answeredBy?.name ?? "a former member"} ${formats.dateTime(check.answeredAt)}.` : ""}
      </p>
      {check.photos.length > 0 ? (
        <ul aria-label={`Answer to: ${check.request}`} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {check.photos.map((photo, index) => (
            <li key={photo.id}>
              <PhotoThumbnail photo={photo} position={index} onOpen={() => onOpenPhoto(check.photos, index)} />
            </li>
          ))}
        </ul>
      ) : null}
      {check.videos.length > 0 ? (
        <ul aria-label={`Video answer to: ${check.request}`} className="grid gap-3 sm:grid-cols-2">
          {check.videos.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} />
            </li>
          ))}
        </ul>
      ) : null}
      {project.permissions.edit && check.status !== "answered" ? (
        <ButtonLink variant="secondary" to={`/dashboard/projects/${project.id}/capture?liveCheck=${check.id}`} className="self-start">
          <Camera aria-hidden className="size-5" />
          Answer with the camera
        </ButtonLink>
      ) : null}
    </li>
  );
}

/** The Live checks section: ask the site to show something now; each check with its code, status and the photos that answer it. */
export function LiveChecks({ project }: { project: ProjectDetail }) {
  const checks = useQuery(liveChecksQuery(project.id));
  const [viewing, setViewing] = useState<{ photos: ProjectPhoto[]; index: number } | null>(null);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <SectionCard id="ask-live-check" title="Ask the site">
        <AskForALiveCheck project={project} />
      </SectionCard>
      <SectionCard id="live-checks" title="Live checks" className="lg:col-span-2">
        {checks.isPending ? <LoadingMessage>Loading live checks...</LoadingMessage> : null}
        {checks.isError ? <ErrorMessage error={checks.error} onRetry={() => void checks.refetch()} /> : null}
        {checks.data?.items.length === 0 ? (
          <EmptyMessage title="No live check yet.">
            Ask the site to show you something: its answer shows a code that did not exist before you asked.
          </EmptyMessage>
        ) : null}
        {checks.data && checks.data.items.length > 0 ? (
          <ul aria-label="Live checks" className="flex flex-col divide-y divide-neutral-light dark:divide-brand-700">
            {checks.data.items.map((check) => (
              <LiveCheckItem
                key={check.id}
                project={project}
                check={check}
                onOpenPhoto={(photos, index) => setViewing({ photos, index })}
              />
            ))}
          </ul>
        ) : null}
      </SectionCard>
      <Lightbox
        photos={viewing?.photos ?? []}
        index={viewing?.index ?? null}
        onIndexChange={(index) => setViewing((shown) => (shown ? { ...shown, index } : null))}
        onClose={() => setViewing(null)}
      />
    </div>
  );
}

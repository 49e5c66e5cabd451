import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Camera, ImagePlus, Send, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { distanceMetres, distanceText } from "../../../../shared/geo";
import { PHOTOS_PER_UPLOAD, type ProjectDetail, type ProjectPhoto } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, inputClass, mutedTextClass, SelectField } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { SectionCard } from "../../../components/ui/SectionCard";
import { positionFields, takePhoto } from "../../../lib/device/take-photo";
import { type PositionState, usePosition } from "../../../lib/device/use-position";
import { useRearCamera } from "../../../lib/device/use-rear-camera";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { type CaptionedFile, liveChecksQuery, type PhotoCapture, photoPointsQuery, projectsApi } from "../api";
import { VerdictBadge } from "../page/VerdictBadge";
import { VideoRecorder } from "./VideoRecorder";

type Taken = CaptionedFile & { key: string; preview: string };

/** Where the phone is, said plainly, and how far from the site when there is one. */
function PositionLine({ position, project }: { position: PositionState; project: ProjectDetail }) {
  if (position.status === "waiting") return <p>Finding your position...</p>;
  if (position.status === "failed") return <p className="font-semibold text-red-800 dark:text-red-200">{position.message}</p>;
  const accuracy = `to within ${Math.round(position.accuracyMetres)} m`;
  if (!project.site) return <p>Position known {accuracy}. No site is set for this project, so photos cannot be verified.</p>;
  const away = distanceMetres(position, project.site);
  const inside = away - position.accuracyMetres <= project.site.radiusMetres;
  return (
    <p className={inside ? "" : "font-semibold text-red-800 dark:text-red-200"}>
      {inside ? "On the site" : `${distanceText(away)} from the site`} ({accuracy}).
    </p>
  );
}

/**
 * The site engineer's camera: photos and videos taken here carry when and where they were taken (and the milestone they
 * show) so that the portal can verify them; those picked from the gallery instead are marked as such.
 */
export function CaptureScreen({ project, liveCheckId: askedFor }: { project: ProjectDetail; liveCheckId: string | null }) {
  const queryClient = useQueryClient();
  const liveChecks = useQuery(liveChecksQuery(project.id));
  const waiting = liveChecks.data?.items.filter((check) => check.status !== "answered") ?? [];
  const [liveCheckId, setLiveCheckId] = useState(askedFor ?? "");
  const answering = waiting.find((check) => String(check.id) === liveCheckId);
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRearCamera(video);
  const position = usePosition();
  const [taken, setTaken] = useState<Taken[]>([]);
  const [milestoneId, setMilestoneId] = useState("");
  const photoPoints = useQuery(photoPointsQuery(project.id)).data?.items ?? [];
  const [photoPointId, setPhotoPointId] = useState("");
  const [caption, setCaption] = useState("");
  const [sent, setSent] = useState<ProjectPhoto[]>([]);
  const [shooting, setShooting] = useState(false);
  const full = taken.length >= PHOTOS_PER_UPLOAD;

  // The previews live as long as the screen shows them.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const keep = (file: File, capture: PhotoCapture) => {
    const preview = URL.createObjectURL(file);
    previews.current.add(preview);
    // A gallery photo cannot answer a live check: only the camera's, taken after it was asked.
    const answers = capture.source === "camera" && answering ? String(answering.id) : "";
    setTaken((photos) => [
      ...photos,
      { key: crypto.randomUUID(), file, preview, caption, capture: { ...capture, milestoneId, liveCheckId: answers, photoPointId } },
    ]);
  };

  const shoot = async () => {
    if (!video.current) return;
    setShooting(true);
    try {
      const { photo, capturedAt, where } = await takePhoto(video.current, position);
      keep(photo, { source: "camera", capturedAt, ...where });
    } finally {
      setShooting(false);
    }
  };

  // A video carries what a photo taken now would (its recording time is the recorder's to say).
  const videoDetails = (source: "camera" | "library") => ({
    caption,
    capture: {
      source,
      milestoneId,
      ...(source === "camera" ? { ...positionFields(position), liveCheckId: answering ? String(answering.id) : "" } : {}),
    },
  });

  const send = useMutation({
    mutationFn: () => projectsApi.addPhotos(project.id, taken),
    onSuccess: async ({ photos }) => {
      for (const photo of taken) URL.revokeObjectURL(photo.preview);
      setTaken([]);
      setSent((earlier) => [...photos, ...earlier]);
      const verified = photos.filter((photo) => photo.verdict === "verified").length;
      toast.success(`${photos.length === 1 ? "Photo" : `${photos.length} photos`} sent.`, {
        description: `${verified} of ${photos.length} verified.`,
      });
      await refreshProjects(queryClient);
      await queryClient.invalidateQueries({ queryKey: liveChecksQuery(project.id).queryKey });
    },
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <SectionCard id="camera" title="Camera">
        <div className="flex flex-col gap-3">
          <video
            ref={video}
            playsInline
            muted
            className="aspect-[4/3] w-full rounded-md bg-brand-900 object-cover"
            aria-label="What the camera sees"
          />
          {camera.status === "failed" ? <FormAlert message={camera.message} /> : null}
          <div role="status" className="text-sm">
            <PositionLine position={position} project={project} />
          </div>
          <SelectField label="What it shows" optional value={milestoneId} onChange={(event) => setMilestoneId(event.target.value)}>
            <option value="">No particular milestone</option>
            {project.milestones.map((milestone) => (
              <option key={milestone.id} value={milestone.id}>
                {milestone.title}
              </option>
            ))}
          </SelectField>
          {photoPoints.length > 0 ? (
            <SelectField label="Photo point" optional value={photoPointId} onChange={(event) => setPhotoPointId(event.target.value)}>
              <option value="">Not from a photo point</option>
              {photoPoints.map((point) => (
                <option key={point.id} value={point.id}>
                  {point.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          {waiting.length > 0 ? (
            <SelectField label="Answers a live check" optional value={liveCheckId} onChange={(event) => setLiveCheckId(event.target.value)}>
              <option value="">No live check</option>
              {waiting.map((check) => (
                <option key={check.id} value={check.id}>
                  {check.code}: {check.request}
                </option>
              ))}
            </SelectField>
          ) : null}
          {answering ? (
            <p className="rounded-md border-2 border-accent-700 p-3 font-semibold">
              Write {answering.code} on a card and keep it in the photo with {answering.request}.
            </p>
          ) : null}
          <label className="text-sm font-medium">
            Caption of the next photos
            <input className={inputClass} maxLength={300} value={caption} onChange={(event) => setCaption(event.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void shoot()} disabled={camera.status !== "live" || shooting || full}>
              <Camera aria-hidden className="size-5" />
              Take photo
            </Button>
            <label className={`inline-flex cursor-pointer items-center gap-2 ${full ? "pointer-events-none opacity-60" : ""}`}>
              <ImagePlus aria-hidden className="size-5" />
              <span className="underline">Pick from the gallery (not verified)</span>
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                multiple
                className="sr-only"
                disabled={full}
                onChange={(event) => {
                  for (const file of Array.from(event.target.files ?? []).slice(0, PHOTOS_PER_UPLOAD - taken.length))
                    keep(file, { source: "library" });
                  event.target.value = "";
                }}
              />
            </label>
          </div>
          {full ? <p className={`text-sm ${mutedTextClass}`}>Send these {PHOTOS_PER_UPLOAD} before taking more.</p> : null}
          <VideoRecorder projectId={project.id} camera={video} live={camera.status === "live"} details={videoDetails} />
        </div>
      </SectionCard>
      <SectionCard id="taken" title={taken.length === 0 ? "Nothing to send yet" : `To send (${taken.length})`}>
        <div className="flex flex-col gap-3">
          {taken.length > 0 ? (
            <ul aria-label="Photos to send" className="grid grid-cols-3 gap-2">
              {taken.map((photo, index) => (
                <li key={photo.key} className="relative">
                  <img
                    src={photo.preview}
                    alt={photo.caption || `Photo ${index + 1} to send`}
                    className="aspect-[4/3] w-full rounded object-cover"
                  />
                  <span className="absolute top-1 left-1 rounded bg-white/90 px-1 text-xs font-semibold text-brand-900">
                    {photo.capture?.source === "camera" ? "Camera" : "Gallery"}
                  </span>
                  <button
                    type="button"
                    aria-label={`Leave out photo ${index + 1}`}
                    className="absolute top-1 right-1 rounded-full bg-white/90 p-0.5 text-brand-900"
                    onClick={() => setTaken((photos) => photos.filter((other) => other.key !== photo.key))}
                  >
                    <X aria-hidden className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className={mutedTextClass}>Photos you take appear here until you send them.</p>
          )}
          <FormAlert message={send.isError ? failureMessage(send.error) : null} />
          <Button onClick={() => send.mutate()} disabled={taken.length === 0 || send.isPending} className="self-start">
            <Send aria-hidden className="size-5" />
            {send.isPending ? "Sending..." : taken.length > 1 ? `Send ${taken.length} photos` : "Send photo"}
          </Button>
          {sent.length > 0 ? (
            <ul aria-label="Photos sent" className="flex flex-col gap-2">
              {sent.map((photo) => (
                <li key={photo.id} className="flex items-center gap-3">
                  <img src={photo.thumbUrl} alt="" width={64} height={48} className="aspect-[4/3] w-16 rounded object-cover" />
                  <div className="flex flex-col gap-1">
                    <VerdictBadge verdict={photo.verdict} reason={photo.verdictReason} />
                    <span className="text-sm">{photo.verdictReason}</span>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </SectionCard>
    </div>
  );
}

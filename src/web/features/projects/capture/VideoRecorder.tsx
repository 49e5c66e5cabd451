import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Film, Send, Square, Trash2, Video } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { type ProjectVideo, projectMessages, VIDEO_MAX_BYTES } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, mutedTextClass } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { type CaptionedFile, liveChecksQuery, type PhotoCapture, projectsApi } from "../api";
import { VideoCard } from "../page/VideoCard";

/** A walk round the site, not a film: the recorder stops itself after this long. */
const MAX_RECORDING_SECONDS = 180;

/** The first format this browser records in: MP4 where it can (Safari, recent Chrome), else WebM. */
const recordingType = () =>
  ["video/mp4;codecs=avc1", "video/mp4", "video/webm;codecs=vp9", "video/webm;codecs=vp8", "video/webm"].find((type) =>
    MediaRecorder.isTypeSupported(type),
  ) ?? "";

type Clip = CaptionedFile & { preview: string };
type Recording = { recorder: MediaRecorder; startedAt: number; microphone: MediaStream | null };

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Records a short video from the capture screen's camera (with the microphone when allowed), or takes one from the
 * phone's gallery, marked as such; `details` says, at the moment recording starts, what the photos would carry.
 */
export function VideoRecorder({
  projectId,
  camera,
  live,
  details,
}: {
  projectId: number;
  camera: RefObject<HTMLVideoElement | null>;
  live: boolean;
  details: (source: "camera" | "library") => { caption: string; capture: PhotoCapture };
}) {
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState<Recording | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [clip, setClip] = useState<Clip | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<ProjectVideo[]>([]);
  const clipUrl = useRef<string | null>(null);

  const showClip = (next: Clip | null) => {
    if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    clipUrl.current = next?.preview ?? null;
    setClip(next);
  };
  useEffect(() => () => void (clipUrl.current && URL.revokeObjectURL(clipUrl.current)), []);

  // The clock of a recording, and its end when it reaches the limit.
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - recording.startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_RECORDING_SECONDS && recording.recorder.state === "recording") recording.recorder.stop();
    }, 250);
    return () => window.clearInterval(timer);
  }, [recording]);

  const start = async () => {
    const stream = camera.current?.srcObject;
    if (!(stream instanceof MediaStream)) return;
    setProblem(null);
    const { caption, capture } = details("camera");
    const capturedAt = new Date();
    // The microphone is a bonus: a site engineer may talk the client through what the video shows.
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: true }).catch(() => null);
    const tracks = [...stream.getVideoTracks(), ...(microphone?.getAudioTracks() ?? [])];
    const type = recordingType();
    const recorder = new MediaRecorder(new MediaStream(tracks), type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      for (const track of microphone?.getTracks() ?? []) track.stop();
      setRecording(null);
      const mime = recorder.mimeType || type || "video/webm";
      const blob = new Blob(chunks, { type: mime });
      const extension = mime.startsWith("video/mp4") ? "mp4" : "webm";
      const file = new File([blob], `site-${capturedAt.toISOString().replaceAll(":", "-")}.${extension}`, { type: mime.split(";")[0] });
      showClip({ file, caption, capture: { ...capture, capturedAt: capturedAt.toISOString() }, preview: URL.createObjectURL(blob) });
    };
    recorder.start(1000);
    setSeconds(0);
    setRecording({ recorder, startedAt: capturedAt.getTime(), microphone });
  };

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (file.size > VIDEO_MAX_BYTES) {
      setProblem(projectMessages.videoTooLarge);
      return;
    }
    setProblem(null);
    const { caption, capture } = details("library");
    showClip({ file, caption, capture, preview: URL.createObjectURL(file) });
  };

  const send = useMutation({
    mutationFn: (toSend: Clip) => projectsApi.addVideo(projectId, toSend),
    onSuccess: async (video) => {
      showClip(null);
      setSent((earlier) => [video, ...earlier]);
      toast.success("Video sent.", { description: video.verdict === "verified" ? "Verified." : video.verdictReason });
      await refreshProjects(queryClient);
      await queryClient.invalidateQueries({ queryKey: liveChecksQuery(projectId).queryKey });
    },
  });

  return (
    <div className="flex flex-col gap-3 border-t border-neutral-light pt-3 dark:border-brand-700">
      <h3 className="font-semibold">Video</h3>
      {recording ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="danger" onClick={() => recording.recorder.stop()}>
            <Square aria-hidden className="size-5" />
            Stop recording
          </Button>
          <span role="status" className="font-mono font-semibold">
            Recording {clock(seconds)} of {clock(MAX_RECORDING_SECONDS)}
          </span>
        </div>
      ) : clip ? (
        <div className="flex flex-col gap-2">
          {/* biome-ignore lint/a11y/useMediaCaption: the site engineer's own clip, reviewed before it is sent. */}
          <video
            controls
            playsInline
            src={clip.preview}
            aria-label="The video to send"
            className="aspect-video w-full rounded-md bg-brand-900"
          />
          <p className={`text-sm ${mutedTextClass}`}>
            {clip.capture?.source === "camera" ? "Recorded in the portal's camera." : "Picked from the gallery: it cannot be verified."}
          </p>
          <FormAlert message={send.isError ? failureMessage(send.error) : null} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => send.mutate(clip)} disabled={send.isPending}>
              <Send aria-hidden className="size-5" />
              {send.isPending ? "Sending and converting..." : "Send video"}
            </Button>
            <Button variant="secondary" onClick={() => showClip(null)} disabled={send.isPending}>
              <Trash2 aria-hidden className="size-5" />
              Discard
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void start()} disabled={!live || typeof MediaRecorder === "undefined"}>
            <Video aria-hidden className="size-5" />
            Record video
          </Button>
          <label className="inline-flex cursor-pointer items-center gap-2">
            <Film aria-hidden className="size-5" />
            <span className="underline">Pick a video from the gallery (not verified)</span>
            <input
              type="file"
              accept="video/mp4,video/webm,video/quicktime"
              className="sr-only"
              onChange={(event) => {
                pick(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </label>
        </div>
      )}
      <FormAlert message={problem} />
      {sent.length > 0 ? (
        <ul aria-label="Videos sent" className="flex flex-col gap-3">
          {sent.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

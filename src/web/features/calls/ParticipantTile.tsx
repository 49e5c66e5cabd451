import { MicOff, MonitorUp, VideoOff } from "lucide-react";
import { useEffect, useRef } from "react";
import type { LinkStatus } from "./call-state";

type Props = {
  name: string;
  department: string;
  audio: boolean;
  video: boolean;
  screen: boolean;
  stream: MediaStream | null;
  /** The user's own tile: no sound (no echo), mirrored camera. */
  isSelf?: boolean;
  status?: LinkStatus;
};

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");

/** One person of the call: their video (or initials), name, department, and what they send. */
export function ParticipantTile({ name, department, audio, video, screen, stream, isSelf = false, status }: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (videoRef.current && videoRef.current.srcObject !== stream) videoRef.current.srcObject = stream;
  }, [stream]);
  const showsVideo = Boolean(stream) && (video || screen);
  const label = isSelf ? `${name} (you)` : name;

  return (
    <figure
      aria-label={label}
      data-participant={isSelf ? "self" : "remote"}
      className="relative flex aspect-video min-w-0 items-center justify-center overflow-hidden rounded-xl bg-brand-900 text-white"
    >
      {/* Always there, so a voice call's sound plays; hidden while the camera is off. */}
      <video
        ref={videoRef}
        autoPlay
        playsInline
        muted={isSelf}
        aria-label={`${label}'s video`}
        className={`size-full ${screen ? "object-contain" : "object-cover"} ${isSelf && !screen ? "-scale-x-100" : ""} ${showsVideo ? "" : "hidden"}`}
      />
      {showsVideo ? null : (
        <span aria-hidden className="flex size-16 items-center justify-center rounded-full bg-white text-2xl font-semibold text-brand-900">
          {initialsOf(name)}
        </span>
      )}
      {status && status !== "connected" ? (
        <p role="status" className="absolute inset-x-0 top-0 bg-brand-900/80 px-3 py-1 text-center text-sm">
          {status === "reconnecting" ? "Reconnecting…" : "Connecting…"}
        </p>
      ) : null}
      <figcaption className="absolute inset-x-0 bottom-0 flex flex-wrap items-center gap-x-2 gap-y-1 bg-brand-900/80 px-3 py-2 text-sm">
        <span className="font-semibold">{label}</span>
        <span className="text-neutral-light">{department}</span>
        <span className="ml-auto flex items-center gap-2">
          {audio ? null : (
            <span className="flex items-center gap-1">
              <MicOff aria-hidden className="size-4" />
              Muted
            </span>
          )}
          {video || screen ? null : (
            <span className="flex items-center gap-1">
              <VideoOff aria-hidden className="size-4" />
              Camera off
            </span>
          )}
          {screen ? (
            <span className="flex items-center gap-1">
              <MonitorUp aria-hidden className="size-4" />
              Sharing screen
            </span>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}

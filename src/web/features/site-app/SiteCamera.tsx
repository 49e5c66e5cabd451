import { Camera } from "lucide-react";
import { useRef, useState } from "react";
import { FormAlert } from "../../components/form/form-fields";
import { Button } from "../../components/ui/Button";
import { takePhoto } from "../../lib/device/take-photo";
import { type PositionState, usePosition } from "../../lib/device/use-position";
import { useRearCamera } from "../../lib/device/use-rear-camera";
import type { QueuedProject } from "./outbox/outbox";
import { useOutboxContext } from "./outbox/outbox-context";

function positionText(position: PositionState): string {
  if (position.status === "waiting") return "Finding your position...";
  if (position.status === "failed") return position.message;
  return `Position known to within ${Math.round(position.accuracyMetres)} m: photos taken now carry it.`;
}

/**
 * The site app's camera (the project page's capture screen, made for the outbox): each photo taken goes to the outbox
 * at once with when and where it was taken, network or not. Sent later, it is judged against the site as taken when
 * it was kept (docs/decisions/151-site-app-outbox.md), so a photo taken with no signal can still be verified.
 */
export function SiteCamera({ project }: { project: QueuedProject }) {
  const outbox = useOutboxContext();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRearCamera(video);
  const position = usePosition();
  const [taken, setTaken] = useState(0);
  const [shooting, setShooting] = useState(false);

  const shoot = async () => {
    if (!video.current) return;
    setShooting(true);
    try {
      const { photo, capturedAt, where } = await takePhoto(video.current, position);
      await outbox.queuePhoto(project, photo, { capturedAt, ...where });
      setTaken((count) => count + 1);
    } finally {
      setShooting(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <video
        ref={video}
        playsInline
        muted
        className="aspect-[4/3] w-full rounded-md bg-brand-900 object-cover"
        aria-label={`What the camera sees for ${project.title}`}
      />
      {camera.status === "failed" ? <FormAlert message={camera.message} /> : null}
      <p className="text-sm">{positionText(position)}</p>
      <Button className="self-start" onClick={() => void shoot()} disabled={camera.status !== "live" || shooting}>
        <Camera aria-hidden className="size-5" />
        Take photo
      </Button>
      <p role="status" className="text-sm">
        {taken === 0 ? "" : `${taken === 1 ? "1 photo taken" : `${taken} photos taken`}, kept in the outbox below.`}
      </p>
    </div>
  );
}

import { useId, useState } from "react";
import type { ProjectPhoto } from "../../../../shared/projects";
import { SelectField } from "../../../components/form/form-fields";
import { useDateFormats } from "../../../lib/use-date-formats";

/** When a photo was taken as the phone says, else when it arrived. */
export const photoMoment = (photo: ProjectPhoto) => photo.capturedAt ?? photo.receivedAt;

/**
 * Two photos of one viewpoint stacked: a range input (arrow keys, Home, End, or a drag) uncovers the later one from the
 * left over the earlier one. The photos are chosen from the series; the first and the latest to begin with.
 */
export function BeforeAfterSlider({ photos, pointName }: { photos: readonly ProjectPhoto[]; pointName: string }) {
  const formats = useDateFormats();
  const sliderId = useId();
  const [beforeId, setBeforeId] = useState(photos[0]?.id);
  const [afterId, setAfterId] = useState(photos.at(-1)?.id);
  const [shown, setShown] = useState(50);
  const before = photos.find((photo) => photo.id === beforeId) ?? photos[0];
  const after = photos.find((photo) => photo.id === afterId) ?? photos.at(-1);
  if (!before || !after) return null;
  const label = (photo: ProjectPhoto) => formats.dateTime(photoMoment(photo));
  const options = photos.map((photo) => (
    <option key={photo.id} value={photo.id}>
      {label(photo)}
      {photo.caption ? `: ${photo.caption}` : ""}
    </option>
  ));

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Before" value={before.id} onChange={(event) => setBeforeId(Number(event.target.value))}>
          {options}
        </SelectField>
        <SelectField label="After" value={after.id} onChange={(event) => setAfterId(Number(event.target.value))}>
          {options}
        </SelectField>
      </div>
      <div className="relative overflow-hidden rounded-md bg-brand-900" style={{ aspectRatio: `${before.width} / ${before.height}` }}>
        <img src={before.galleryUrl} alt={`${pointName}, before: ${label(before)}`} className="absolute inset-0 size-full object-contain" />
        <img
          src={after.galleryUrl}
          alt={`${pointName}, after: ${label(after)}`}
          className="absolute inset-0 size-full object-contain"
          style={{ clipPath: `inset(0 ${100 - shown}% 0 0)` }}
        />
        <div aria-hidden className="absolute inset-y-0 w-0.5 bg-white shadow" style={{ left: `${shown}%` }} />
      </div>
      <label htmlFor={sliderId} className="font-medium">
        Share of the after photo shown
      </label>
      <input
        id={sliderId}
        type="range"
        min={0}
        max={100}
        step={5}
        value={shown}
        aria-valuetext={`${shown}% after (${label(after)}), ${100 - shown}% before (${label(before)})`}
        onChange={(event) => setShown(Number(event.target.value))}
        className="w-full accent-accent-700"
      />
    </div>
  );
}

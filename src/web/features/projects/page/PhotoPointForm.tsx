import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { ApiError } from "../../../../shared/api";
import { PHOTO_POINT_NAME_MAX } from "../../../../shared/evidence";
import type { PhotoPoint } from "../../../../shared/projects";
import { failureMessage } from "../../../components/form/form-errors";
import { FormAlert, mutedTextClass, TextField } from "../../../components/form/form-fields";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../lib/toast";
import { photoPointsQuery, projectsApi } from "../api";

type Position = { latitude: number; longitude: number; accuracyMetres: number };
type Locating =
  | { status: "idle" }
  | { status: "finding" }
  | { status: "known"; position: Position }
  | { status: "failed"; message: string };

/** The device's position once, on request (high accuracy: a viewpoint is a few metres across). */
function usePositionOnRequest() {
  const [state, setState] = useState<Locating>({ status: "idle" });
  const locate = () => {
    if (!("geolocation" in navigator)) return setState({ status: "failed", message: "This browser cannot tell where it is." });
    setState({ status: "finding" });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          status: "known",
          position: { latitude: coords.latitude, longitude: coords.longitude, accuracyMetres: coords.accuracy },
        }),
      (error) =>
        setState({
          status: "failed",
          message:
            error.code === error.PERMISSION_DENIED
              ? "Location is not allowed for this site: allow it in the browser's settings, or leave the position out."
              : "The position cannot be found here: try again outside, or leave it out.",
        }),
      { enableHighAccuracy: true, timeout: 30_000 },
    );
  };
  return { state, locate, forget: () => setState({ status: "idle" }) };
}

/** The project office names a fixed viewpoint: a name, where it stands (the device's position, optional) and which way it looks. */
export function PhotoPointForm({ projectId, onCreated }: { projectId: number; onCreated: (point: PhotoPoint) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [bearing, setBearing] = useState("");
  const where = usePositionOnRequest();
  const position = where.state.status === "known" ? where.state.position : null;
  const create = useMutation({
    mutationFn: () =>
      projectsApi.addPhotoPoint(projectId, {
        name,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        bearing: bearing.trim() === "" ? null : Number(bearing),
      }),
    onSuccess: async (point) => {
      setName("");
      setBearing("");
      where.forget();
      toast.success(`Photo point “${point.name}” added.`);
      await queryClient.invalidateQueries({ queryKey: photoPointsQuery(projectId).queryKey });
      onCreated(point);
    },
  });
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const fieldError = (field: string): string | undefined => fields[field];

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate();
      }}
    >
      <p className={`text-sm ${mutedTextClass}`}>
        Stand where the same photo will be taken again every visit (a corner, the gate), so that the photos line up.
      </p>
      <TextField
        label="Name of the point"
        maxLength={PHOTO_POINT_NAME_MAX}
        placeholder="Gate, looking north"
        value={name}
        error={fieldError("name")}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="secondary" onClick={where.locate} disabled={where.state.status === "finding"}>
            <LocateFixed aria-hidden className="size-5" />
            {where.state.status === "finding" ? "Finding your position..." : "Use my position"}
          </Button>
          {position ? (
            <Button type="button" variant="secondary" onClick={where.forget}>
              Leave the position out
            </Button>
          ) : null}
        </div>
        <p role="status" className={`text-sm ${mutedTextClass}`}>
          {position
            ? `Position: ${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)} (to within ${Math.round(position.accuracyMetres)} m).`
            : where.state.status === "failed"
              ? where.state.message
              : "No position (optional)."}
        </p>
        <FormAlert message={fieldError("latitude") ?? fieldError("longitude")} />
      </div>
      <TextField
        label="Bearing in degrees from north"
        optional
        hint="Which way the camera faces: 0 north, 90 east, 180 south, 270 west."
        type="number"
        inputMode="numeric"
        min={0}
        max={359}
        step={1}
        className="max-w-40"
        value={bearing}
        error={fieldError("bearing")}
        onChange={(event) => setBearing(event.target.value)}
      />
      <FormAlert message={create.isError && Object.keys(fields).length === 0 ? failureMessage(create.error) : null} />
      <Button type="submit" disabled={create.isPending} className="self-start">
        {create.isPending ? "Adding..." : "Add photo point"}
      </Button>
    </form>
  );
}

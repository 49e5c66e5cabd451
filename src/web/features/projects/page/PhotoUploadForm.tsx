import { useQueryClient } from "@tanstack/react-query";
import { countOf } from "../../../../shared/plural";
import { projectMessages } from "../../../../shared/projects";
import { FormAlert } from "../../../components/form/form-fields";
import { useAttempt } from "../../../components/form/use-attempt";
import { Button } from "../../../components/ui/Button";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { type PhotoCapture, projectsApi } from "../api";
import { PhotoPicker } from "./PhotoPicker";
import { usePickedPhotos } from "./use-picked-photos";

/** Several photos at once into the gallery, each with its caption (and the capture fields given, such as a photo point). */
export function PhotoUploadForm({ projectId, capture }: { projectId: number; capture?: PhotoCapture }) {
  const queryClient = useQueryClient();
  const picked = usePickedPhotos();
  const { pending: uploading, failure, setFailure, attempt } = useAttempt();

  const upload = async () => {
    if (picked.photos.length === 0) return setFailure(projectMessages.noPhotos);
    await attempt(async () => {
      const { photos } = await projectsApi.addPhotos(
        projectId,
        picked.photos.map((photo) => ({ ...photo, capture })),
      );
      await refreshProjects(queryClient);
      picked.clear();
      toast.success(photos.length === 1 ? "Photo uploaded." : `${countOf(photos.length, "photo")} uploaded.`);
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <PhotoPicker picked={picked} disabled={uploading} label="Choose photos" />
      <FormAlert message={failure} />
      <Button className="w-fit" disabled={uploading} onClick={() => void upload()}>
        {uploading ? "Uploading..." : picked.photos.length > 1 ? `Upload ${countOf(picked.photos.length, "photo")}` : "Upload photo"}
      </Button>
    </div>
  );
}

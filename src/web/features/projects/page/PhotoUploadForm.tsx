import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { projectMessages } from "../../../../shared/projects";
import { Button } from "../../../components/ui/Button";
import { failureMessage } from "../../auth/form-errors";
import { FormAlert } from "../../auth/form-fields";
import { toast } from "../../toast/toast-store";
import { projectsApi, refreshProjects } from "../api";
import { PhotoPicker } from "./PhotoPicker";
import { usePickedPhotos } from "./use-picked-photos";

/** Several photos at once into the gallery, each with its caption. */
export function PhotoUploadForm({ projectId }: { projectId: number }) {
  const queryClient = useQueryClient();
  const picked = usePickedPhotos();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async () => {
    if (picked.photos.length === 0) return setFailure(projectMessages.noPhotos);
    setFailure(null);
    setUploading(true);
    try {
      const { photos } = await projectsApi.addPhotos(projectId, picked.photos);
      await refreshProjects(queryClient);
      picked.clear();
      toast.success(photos.length === 1 ? "Photo uploaded." : `${photos.length} photos uploaded.`);
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <PhotoPicker picked={picked} disabled={uploading} label="Choose photos" />
      <FormAlert message={failure} />
      <Button className="w-fit" disabled={uploading} onClick={() => void upload()}>
        {uploading ? "Uploading..." : picked.photos.length > 1 ? `Upload ${picked.photos.length} photos` : "Upload photo"}
      </Button>
    </div>
  );
}

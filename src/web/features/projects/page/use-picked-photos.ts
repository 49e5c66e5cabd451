import { useCallback, useEffect, useRef, useState } from "react";
import { PHOTOS_PER_UPLOAD } from "../../../../shared/projects";
import type { CaptionedFile } from "../api";
import { photoCountProblem, photoProblem } from "../upload-checks";

export type PickedPhoto = CaptionedFile & { key: string; preview: string };

/**
 * Photos chosen for an upload, each with a preview and a caption. Files the server would refuse
 * (type, size, one too many) are left out at once, with the reason.
 */
export function usePickedPhotos() {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const previews = useRef(new Set<string>());

  // Previews live as long as the form.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const forget = (photo: PickedPhoto) => {
    URL.revokeObjectURL(photo.preview);
    previews.current.delete(photo.preview);
  };

  const add = useCallback(
    (files: readonly File[]) => {
      const found: string[] = [];
      const accepted: PickedPhoto[] = [];
      for (const file of files) {
        const problem = photoProblem(file) ?? photoCountProblem(photos.length + accepted.length + 1);
        if (problem) {
          if (!found.includes(problem)) found.push(problem);
          continue;
        }
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        accepted.push({ key: preview, file, preview, caption: "" });
      }
      setProblems(found);
      setPhotos((current) => [...current, ...accepted].slice(0, PHOTOS_PER_UPLOAD));
    },
    [photos.length],
  );

  const remove = (key: string) => {
    setPhotos((current) => {
      const photo = current.find((item) => item.key === key);
      if (photo) forget(photo);
      return current.filter((item) => item.key !== key);
    });
    setProblems([]);
  };

  const setCaption = (key: string, caption: string) =>
    setPhotos((current) => current.map((item) => (item.key === key ? { ...item, caption } : item)));

  const clear = () => {
    for (const photo of photos) forget(photo);
    setPhotos([]);
    setProblems([]);
  };

  return { photos, problems, add, remove, setCaption, clear };
}

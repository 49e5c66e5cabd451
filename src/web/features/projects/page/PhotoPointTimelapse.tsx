import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { TIMELAPSE_MAX_FRAMES } from "../../../../shared/evidence";
import { countOf } from "../../../../shared/plural";
import { ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { PRIVATE_QUERY_META } from "../../../lib/query/api-query";
import { photoPointQuery, projectsApi } from "../api";

/** An object URL for a blob, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The point's series played as a looping animated WebP, made by the server. Keyed by the latest photo, so that a new
 * photo plays in the next time-lapse.
 */
export function PhotoPointTimelapse({
  projectId,
  pointId,
  pointName,
  photoCount,
  latestPhotoId,
}: {
  projectId: number;
  pointId: number;
  pointName: string;
  photoCount: number;
  latestPhotoId: number;
}) {
  const timelapse = useQuery({
    queryKey: [...photoPointQuery(projectId, pointId).queryKey, "timelapse", latestPhotoId, photoCount],
    queryFn: () => projectsApi.photoPointTimelapse(projectId, pointId),
    staleTime: Number.POSITIVE_INFINITY,
    meta: PRIVATE_QUERY_META,
  });
  const url = useObjectUrl(timelapse.data);
  if (timelapse.isPending) return <LoadingMessage>Making the time-lapse...</LoadingMessage>;
  if (timelapse.isError) return <ErrorMessage error={timelapse.error} onRetry={() => void timelapse.refetch()} />;
  if (!url) return null;
  return (
    <img
      src={url}
      alt={`Time-lapse of ${pointName}: ${countOf(Math.min(photoCount, TIMELAPSE_MAX_FRAMES), "photo")}, oldest first, looping`}
      className="w-full rounded-md bg-brand-900 object-contain"
    />
  );
}

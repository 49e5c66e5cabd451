import { useQuery } from "@tanstack/react-query";
import { Camera } from "lucide-react";
import { Link } from "react-router";
import { mutedTextClass } from "../../../components/form/form-fields";
import { RelativeTime } from "../../../components/ui/RelativeTime";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectFeedQuery } from "../../../lib/queries/projects";
import { projectPagePath } from "../project-labels";

/** The latest site diary entries across the viewer's projects. */
export function LatestUpdates() {
  const feed = useQuery(projectFeedQuery);
  if (feed.isPending) return <LoadingMessage>Loading the latest updates...</LoadingMessage>;
  if (feed.isError) return <ErrorMessage error={feed.error} onRetry={() => void feed.refetch()} />;
  if (feed.data.updates.length === 0) {
    return <EmptyMessage title="No site update yet.">The team posts what happens on site here, with photos.</EmptyMessage>;
  }
  return (
    <ul className="divide-y divide-neutral-light dark:divide-brand-700">
      {feed.data.updates.map((update) => (
        <li key={update.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
          <p className="text-sm">
            <Link to={`${projectPagePath(update.projectId)}?section=updates`} className="font-semibold underline underline-offset-2">
              {update.projectTitle}
            </Link>{" "}
            <span className={mutedTextClass}>
              · {update.author?.name ?? "Crestbuild"} · <RelativeTime iso={update.createdAt} />
            </span>
          </p>
          <p className="break-words whitespace-pre-line">{update.body}</p>
          {update.photoCount > 0 ? (
            <p className={`flex items-center gap-1 text-sm ${mutedTextClass}`}>
              <Camera aria-hidden className="size-4" />
              {update.photoCount === 1 ? "1 photo" : `${update.photoCount} photos`}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

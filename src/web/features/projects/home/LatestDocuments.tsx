import { useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { Link } from "react-router";
import { mutedTextClass } from "../../../components/form/form-fields";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { projectFeedQuery } from "../../../lib/queries/projects";
import { useDateFormats } from "../../../lib/use-date-formats";
import { documentDownloadUrl } from "../api";
import { DownloadButton } from "../DownloadButton";
import { projectPagePath } from "../project-labels";
import { formatFileSize } from "../upload-checks";

/** The newest documents (drawings, contracts, reports) across the viewer's projects, ready to download. */
export function LatestDocuments() {
  const formats = useDateFormats();
  const feed = useQuery(projectFeedQuery);
  if (feed.isPending) return <LoadingMessage>Loading documents...</LoadingMessage>;
  if (feed.isError) return <ErrorMessage error={feed.error} onRetry={() => void feed.refetch()} />;
  if (feed.data.documents.length === 0) {
    return <EmptyMessage title="No document yet.">Drawings, contracts and reports shared with you appear here.</EmptyMessage>;
  }
  return (
    <ul className="divide-y divide-neutral-light dark:divide-brand-700">
      {feed.data.documents.map((document) => (
        <li key={document.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-start gap-2">
            <FileText aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0">
              <p className="font-medium break-words">{document.title || document.fileName}</p>
              <p className={`text-sm ${mutedTextClass}`}>
                {formatFileSize(document.sizeBytes)} · {formats.date(document.createdAt)} ·{" "}
                <Link to={`${projectPagePath(document.projectId)}?section=documents`} className="underline underline-offset-2">
                  {document.projectTitle}
                </Link>
              </p>
            </div>
          </div>
          <DownloadButton document={{ ...document, downloadUrl: documentDownloadUrl(document.projectId, document.id) }} />
        </li>
      ))}
    </ul>
  );
}

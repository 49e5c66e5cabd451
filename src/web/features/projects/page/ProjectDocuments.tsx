import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import type { ProjectDetail } from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { ConfirmButton } from "../../../components/ui/ConfirmButton";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { useDateFormats } from "../../../lib/use-date-formats";
import { projectDocumentsQuery, projectsApi } from "../api";
import { DownloadButton } from "../DownloadButton";
import { formatFileSize } from "../upload-checks";
import { DocumentUploadForm } from "./DocumentUploadForm";

/** The Documents section: drawings, contracts and reports to download; editors upload and delete them. */
export function ProjectDocuments({ project }: { project: ProjectDetail }) {
  const formats = useDateFormats();
  const queryClient = useQueryClient();
  const documents = useQuery(projectDocumentsQuery(project.id));
  return (
    <div className="flex flex-col gap-6">
      {project.permissions.edit ? (
        <SectionCard id="upload-document" title="Upload a document" description="PDF, DWG or DXF, up to 25 MB.">
          <DocumentUploadForm projectId={project.id} />
        </SectionCard>
      ) : null}
      <SectionCard id="document-list" title="Documents">
        {documents.isPending ? <LoadingMessage>Loading documents...</LoadingMessage> : null}
        {documents.isError ? <ErrorMessage error={documents.error} onRetry={() => void documents.refetch()} /> : null}
        {documents.data && documents.data.items.length === 0 ? (
          <EmptyMessage title="No document yet.">Drawings, contracts and reports of the project appear here.</EmptyMessage>
        ) : null}
        {documents.data && documents.data.items.length > 0 ? (
          <ul className="divide-y divide-neutral-light dark:divide-brand-700">
            {documents.data.items.map((document) => (
              <li
                key={document.id}
                className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between"
              >
                <div className="flex min-w-0 items-start gap-2">
                  <FileText aria-hidden className="mt-0.5 size-5 shrink-0" />
                  <div className="min-w-0">
                    <p className="font-medium break-words">{document.title || document.fileName}</p>
                    <p className={`text-sm break-words ${mutedTextClass}`}>
                      {document.fileName} · {formatFileSize(document.sizeBytes)} · {formats.date(document.createdAt)}
                      {document.uploadedBy ? ` · ${document.uploadedBy.name}` : ""}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <DownloadButton document={document} />
                  {project.permissions.edit ? (
                    <ConfirmButton
                      label="Delete"
                      accessibleName={`Delete ${document.title || document.fileName}`}
                      title="Delete this document?"
                      onConfirm={async () => {
                        await projectsApi.removeDocument(project.id, document.id);
                        await refreshProjects(queryClient);
                        toast.success("Document deleted.");
                      }}
                    >
                      <p>{document.title || document.fileName} can no longer be downloaded by anyone.</p>
                    </ConfirmButton>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </SectionCard>
    </div>
  );
}

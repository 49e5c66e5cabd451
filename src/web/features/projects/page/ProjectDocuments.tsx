import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState } from "react";
import { countOf } from "../../../../shared/plural";
import {
  type DocumentFolder,
  documentFolderLabels,
  documentFolders,
  type ProjectDetail,
  type ProjectDocument,
  type ProjectDocumentVersion,
} from "../../../../shared/projects";
import { mutedTextClass } from "../../../components/form/form-fields";
import { ConfirmButton } from "../../../components/ui/ConfirmButton";
import { FilterSelect } from "../../../components/ui/FilterSelect";
import { SectionCard } from "../../../components/ui/SectionCard";
import { EmptyMessage, ErrorMessage, LoadingMessage } from "../../../components/ui/StatusMessage";
import { refreshProjects } from "../../../lib/queries/projects";
import { toast } from "../../../lib/toast";
import { useDateFormats } from "../../../lib/use-date-formats";
import { projectDocumentsQuery, projectsApi } from "../api";
import { DownloadButton } from "../DownloadButton";
import { formatFileSize } from "../upload-checks";
import { DocumentUploadForm } from "./DocumentUploadForm";

const nameOf = (document: ProjectDocumentVersion) => document.title || document.fileName;

/** The Documents section: files by folder, each with its versions to download; editors upload and delete them. */
export function ProjectDocuments({ project }: { project: ProjectDetail }) {
  const documents = useQuery(projectDocumentsQuery(project.id));
  const [folder, setFolder] = useState<DocumentFolder | undefined>();
  const items = documents.data?.items ?? [];
  const shownFolders = documentFolders.filter((one) => (folder ? one === folder : items.some((item) => item.folder === one)));
  return (
    <div className="flex flex-col gap-6">
      {project.permissions.edit ? (
        <SectionCard
          id="upload-document"
          title="Upload a document"
          description="PDF, DWG or DXF drawings, Word or Excel files, JPG or PNG scans, or a ZIP, up to 25 MB."
        >
          <DocumentUploadForm projectId={project.id} />
        </SectionCard>
      ) : null}
      <SectionCard id="document-list" title="Documents">
        {documents.isPending ? <LoadingMessage>Loading documents...</LoadingMessage> : null}
        {documents.isError ? <ErrorMessage error={documents.error} onRetry={() => void documents.refetch()} /> : null}
        {documents.data && items.length === 0 ? (
          <EmptyMessage title="No document yet.">Contracts, drawings, approvals and invoices of the project appear here.</EmptyMessage>
        ) : null}
        {items.length > 0 ? (
          <div className="flex flex-col gap-6">
            <div className="sm:max-w-xs">
              <FilterSelect
                label="Show folder"
                allLabel="All folders"
                value={folder}
                onChange={(value) => setFolder(value as DocumentFolder | undefined)}
              >
                {documentFolders.map((option) => (
                  <option key={option} value={option}>
                    {documentFolderLabels[option]} ({items.filter((item) => item.folder === option).length})
                  </option>
                ))}
              </FilterSelect>
            </div>
            {shownFolders.map((shown) => (
              <FolderDocuments key={shown} folder={shown} project={project} documents={items.filter((item) => item.folder === shown)} />
            ))}
          </div>
        ) : null}
      </SectionCard>
    </div>
  );
}

function FolderDocuments({ folder, project, documents }: { folder: DocumentFolder; project: ProjectDetail; documents: ProjectDocument[] }) {
  const headingId = `documents-${folder}`;
  return (
    // Named by the folder alone: "Documents" stays the name of the whole list.
    <section aria-labelledby={headingId}>
      <h3 className="text-lg font-semibold">
        <span id={headingId}>{documentFolderLabels[folder]}</span>{" "}
        <span className={`text-sm font-normal ${mutedTextClass}`}>({countOf(documents.length, "document")})</span>
      </h3>
      {documents.length === 0 ? (
        <p className={`mt-2 ${mutedTextClass}`}>No document in this folder yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-light dark:divide-brand-700">
          {documents.map((document) => (
            <li key={document.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0">
              <DocumentLine project={project} document={document} latest />
              {document.earlierVersions.length > 0 ? (
                <details className="rounded-lg border border-neutral-light px-3 py-2 dark:border-brand-700">
                  <summary className="cursor-pointer font-medium">
                    Earlier versions ({countOf(document.earlierVersions.length, "version")})
                  </summary>
                  <ul className="mt-2 flex flex-col gap-3" aria-label={`Earlier versions of ${nameOf(document)}`}>
                    {document.earlierVersions.map((version) => (
                      <li key={version.id}>
                        <DocumentLine project={project} document={version} latest={false} />
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentLine({ project, document, latest }: { project: ProjectDetail; document: ProjectDocumentVersion; latest: boolean }) {
  const queryClient = useQueryClient();
  const formats = useDateFormats();
  const versioned = `${nameOf(document)}, version ${document.version}`;
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 items-start gap-2">
        <FileText aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-medium break-words">
            {latest ? nameOf(document) : `Version ${document.version}`}
            {latest && document.version > 1 ? (
              <span className="ml-2 rounded bg-neutral-light px-1.5 py-0.5 text-xs font-semibold text-brand-900 dark:bg-brand-700 dark:text-white">
                Version {document.version}
              </span>
            ) : null}
          </p>
          <p className={`text-sm break-words ${mutedTextClass}`}>
            {document.fileName} · {formatFileSize(document.sizeBytes)} · {formats.date(document.createdAt)}
            {document.uploadedBy ? ` · ${document.uploadedBy.name}` : ""}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <DownloadButton document={{ ...document, title: latest ? nameOf(document) : versioned }} />
        {project.permissions.edit ? (
          <ConfirmButton
            label="Delete"
            accessibleName={`Delete ${versioned}`}
            title={document.version > 1 || !latest ? `Delete version ${document.version}?` : "Delete this document?"}
            onConfirm={async () => {
              await projectsApi.removeDocument(project.id, document.id);
              await refreshProjects(queryClient);
              toast.success(`Version ${document.version} deleted.`, { description: nameOf(document) });
            }}
          >
            <p>
              Version {document.version} of {nameOf(document)} can no longer be downloaded by anyone.
              {latest && document.version > 1 ? " The version before it becomes the latest." : ""}
            </p>
          </ConfirmButton>
        ) : null}
      </div>
    </div>
  );
}

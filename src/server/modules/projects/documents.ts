import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import {
  type DocumentFolder,
  documentTitleSchema,
  type ProjectDocument,
  type ProjectDocumentVersion,
  projectMessages,
} from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { projectDocuments, projects, users } from "../../db/schema.js";
import { safeFileName } from "../../platform/downloads.js";
import { ApiError, parseInput } from "../../platform/envelope.js";
import { fieldOf, type MultipartUpload } from "../../platform/multipart.js";
import type { ObjectStore } from "../../platform/storage.js";
import { recognizeDocument } from "./document-types.js";
import type { ProjectEvents } from "./events.js";
import type { ProjectGuard } from "./guard.js";
import { personRef } from "./people.js";
import { touchProject } from "./progress.js";

const documentNotFound = () => new ApiError(404, "Document not found.", "not_found");

/** The versions of one document: the same folder and file name, whatever the case. */
const versionKey = (folder: DocumentFolder, fileName: string) => `${folder}/${fileName.toLowerCase()}`;

export const downloadUrl = (projectId: number, documentId: number) => `/api/projects/${projectId}/documents/${documentId}/download`;

/** Drawings, contracts and reports: private files, downloaded only through the API by those who may read the project. */
export function createDocuments(deps: { db: AppDb; storage: ObjectStore; guard: ProjectGuard; events: ProjectEvents }) {
  const { db, storage, guard, events } = deps;

  async function select(projectId: number, documentId?: number): Promise<ProjectDocumentVersion[]> {
    const rows = await db
      .select({ document: projectDocuments, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
      .from(projectDocuments)
      .leftJoin(users, eq(users.id, projectDocuments.uploadedById))
      .where(and(eq(projectDocuments.projectId, projectId), documentId ? eq(projectDocuments.id, documentId) : undefined))
      .orderBy(desc(projectDocuments.createdAt), desc(projectDocuments.id));
    return rows.map(({ document, firstName, lastName, avatar }) => ({
      id: document.id,
      title: document.title,
      fileName: document.fileName,
      contentType: document.contentType,
      sizeBytes: document.sizeBytes,
      folder: document.folder,
      version: document.version,
      uploadedBy: personRef(document.uploadedById, firstName, lastName, avatar),
      createdAt: document.createdAt.toISOString(),
      downloadUrl: downloadUrl(projectId, document.id),
    }));
  }

  /** Each document once, as its latest version with the earlier ones, the most recently changed first. */
  async function listed(projectId: number): Promise<ProjectDocument[]> {
    const lines = new Map<string, ProjectDocumentVersion[]>();
    for (const version of await select(projectId)) {
      const key = versionKey(version.folder, version.fileName);
      lines.set(key, [...(lines.get(key) ?? []), version]);
    }
    return [...lines.values()].map((versions) => {
      const [latest, ...earlier] = versions.sort((a, b) => b.version - a.version);
      if (!latest) throw new Error("a document line without a version");
      return { ...latest, earlierVersions: earlier };
    });
  }

  async function row(projectId: number, documentId: number) {
    const [document] = await db
      .select()
      .from(projectDocuments)
      .where(and(eq(projectDocuments.id, documentId), eq(projectDocuments.projectId, projectId)));
    if (!document) throw documentNotFound();
    return document;
  }

  return {
    async list(viewer: Viewer, projectId: number): Promise<ProjectDocument[]> {
      await guard.read(viewer, projectId);
      return listed(projectId);
    },

    /**
     * One file (multipart field `document`, optional `title` and `folder`), told from its bytes. The same file name in
     * the same folder becomes the next version of that document; the earlier versions stay.
     */
    async add(viewer: Viewer, projectId: number, upload: MultipartUpload): Promise<ProjectDocument> {
      await guard.edit(viewer, projectId);
      const file = upload.files[0];
      if (!file) throw new ApiError(400, projectMessages.noDocument, "no_file", { document: projectMessages.noDocument });
      const recognized = recognizeDocument(file.data, file.filename);
      if ("refused" in recognized) {
        throw new ApiError(400, recognized.refused, "unsupported_document", { document: recognized.refused });
      }
      const type = recognized.accepted;
      const { title, folder } = parseInput(documentTitleSchema, {
        title: fieldOf(upload, "title"),
        folder: fieldOf(upload, "folder") || undefined,
      });
      const fileName = safeFileName(file.filename, type);
      const storageKey = `projects/${projectId}/${randomUUID()}.${type.extension}`;
      await storage.put(storageKey, file.data);
      let added: { id: number; title: string; version: number };
      try {
        added = await db.transaction(async (tx) => {
          // One upload at a time per project picks the next version number.
          await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
          const [previous] = await tx
            .select({ version: projectDocuments.version, title: projectDocuments.title })
            .from(projectDocuments)
            .where(
              and(
                eq(projectDocuments.projectId, projectId),
                eq(projectDocuments.folder, folder),
                sql`lower(${projectDocuments.fileName}) = lower(${fileName})`,
              ),
            )
            .orderBy(desc(projectDocuments.version))
            .limit(1);
          const [inserted] = await tx
            .insert(projectDocuments)
            .values({
              projectId,
              uploadedById: viewer.id,
              // A new version without a title of its own keeps the document's.
              title: title || previous?.title || fileName,
              fileName,
              storageKey,
              contentType: type.contentType,
              sizeBytes: file.data.length,
              folder,
              version: (previous?.version ?? 0) + 1,
            })
            .returning({ id: projectDocuments.id, title: projectDocuments.title, version: projectDocuments.version });
          if (!inserted) throw new Error("the document was not inserted");
          await touchProject(tx, projectId);
          return inserted;
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
      const versionNote = added.version > 1 ? ` (version ${added.version})` : "";
      await events.changed(projectId, viewer.id, [
        { kind: "document_added", title: `New document on ${project?.title ?? "your project"}: ${added.title}${versionNote}` },
      ]);
      // The version added, with the ones before it: another upload of the same file may already have followed it.
      for (const line of await listed(projectId)) {
        if (line.id === added.id) return line;
        const version = line.earlierVersions.find((earlier) => earlier.id === added.id);
        if (version) return { ...version, earlierVersions: line.earlierVersions.filter((earlier) => earlier.version < version.version) };
      }
      throw documentNotFound();
    },

    /** The file for a reader of the project (404 for anyone else, as if it did not exist). */
    async open(viewer: Viewer, projectId: number, documentId: number): Promise<{ document: ProjectDocumentVersion; stream: Readable }> {
      await guard.read(viewer, projectId);
      const [document] = await select(projectId, documentId);
      if (!document) throw documentNotFound();
      const stored = await storage.open((await row(projectId, documentId)).storageKey);
      if (!stored) throw documentNotFound();
      return { document, stream: stored.stream };
    },

    /** Deletes one version (the earlier ones stay; the one before becomes the latest). */
    async remove(viewer: Viewer, projectId: number, documentId: number): Promise<void> {
      await guard.edit(viewer, projectId);
      const document = await row(projectId, documentId);
      await db.delete(projectDocuments).where(eq(projectDocuments.id, documentId));
      await storage.remove(document.storageKey);
      await events.refresh(projectId, viewer.id);
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;

import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { and, desc, eq } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import { documentTitleSchema, type ProjectDocument, projectMessages } from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { projectDocuments, projects, users } from "../../db/schema.js";
import { ApiError, parseInput } from "../../platform/envelope.js";
import type { ObjectStore } from "../../platform/storage.js";
import { recognizeDocument, safeFileName } from "./document-types.js";
import type { ProjectEvents } from "./events.js";
import type { ProjectGuard } from "./guard.js";
import { fieldOf, type MultipartUpload } from "./multipart.js";
import { personRef } from "./people.js";
import { touchProject } from "./progress.js";

const documentNotFound = () => new ApiError(404, "Document not found.", "not_found");

export const downloadUrl = (projectId: number, documentId: number) => `/api/projects/${projectId}/documents/${documentId}/download`;

/** Drawings, contracts and reports: private files, downloaded only through the API by those who may read the project. */
export function createDocuments(deps: { db: AppDb; storage: ObjectStore; guard: ProjectGuard; events: ProjectEvents }) {
  const { db, storage, guard, events } = deps;

  async function select(projectId: number, documentId?: number): Promise<ProjectDocument[]> {
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
      uploadedBy: personRef(document.uploadedById, firstName, lastName, avatar),
      createdAt: document.createdAt.toISOString(),
      downloadUrl: downloadUrl(projectId, document.id),
    }));
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
      return select(projectId);
    },

    /** One file (multipart field `document`, optional `title`): a PDF or a DWG/DXF drawing, told from its bytes. */
    async add(viewer: Viewer, projectId: number, upload: MultipartUpload): Promise<ProjectDocument> {
      await guard.edit(viewer, projectId);
      const file = upload.files[0];
      if (!file) throw new ApiError(400, projectMessages.noDocument, "no_file", { document: projectMessages.noDocument });
      const type = recognizeDocument(file.data);
      if (!type)
        throw new ApiError(400, projectMessages.unsupportedDocument, "unsupported_document", {
          document: projectMessages.unsupportedDocument,
        });
      const { title } = parseInput(documentTitleSchema, { title: fieldOf(upload, "title") });
      const fileName = safeFileName(file.filename, type);
      const storageKey = `projects/${projectId}/${randomUUID()}.${type.extension}`;
      await storage.put(storageKey, file.data);
      let documentId: number;
      try {
        documentId = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(projectDocuments)
            .values({
              projectId,
              uploadedById: viewer.id,
              title: title || fileName,
              fileName,
              storageKey,
              contentType: type.contentType,
              sizeBytes: file.data.length,
            })
            .returning({ id: projectDocuments.id });
          if (!inserted) throw new Error("the document was not inserted");
          await touchProject(tx, projectId);
          return inserted.id;
        });
      } catch (error) {
        await storage.remove(storageKey);
        throw error;
      }
      const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, projectId));
      await events.changed(projectId, viewer.id, [
        { kind: "document_added", title: `New document on ${project?.title ?? "your project"}: ${title || fileName}` },
      ]);
      const [document] = await select(projectId, documentId);
      if (!document) throw documentNotFound();
      return document;
    },

    /** The file for a reader of the project (404 for anyone else, as if it did not exist). */
    async open(viewer: Viewer, projectId: number, documentId: number): Promise<{ document: ProjectDocument; stream: Readable }> {
      await guard.read(viewer, projectId);
      const [document] = await select(projectId, documentId);
      if (!document) throw documentNotFound();
      const stored = await storage.open((await row(projectId, documentId)).storageKey);
      if (!stored) throw documentNotFound();
      return { document, stream: stored.stream };
    },

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

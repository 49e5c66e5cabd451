import { eq } from "drizzle-orm";
import type { Viewer } from "../../../shared/access.js";
import type { AppDb } from "../../db/client.js";
import { projectContracts, projectPhotos, projects, valuationLinePhotos, valuationLines } from "../../db/schema.js";
import { pdfThumbnails } from "../../platform/pdf-photos.js";
import type { FileStorage } from "../../platform/storage.js";
import { renderCertificatePdf } from "./certificate-pdf.js";
import { peopleNamed } from "./people.js";
import type { Valuations } from "./valuations.js";

/**
 * The interim certificate of a valuation, drawn when asked (docs/decisions/143-valuation-certificates-with-photos.md):
 * its figures are the valuation's as every read computes them, its photos the gallery's.
 */
export function createValuationCertificates({
  db,
  valuations,
  photoStorage,
}: {
  db: AppDb;
  valuations: Valuations;
  photoStorage: FileStorage;
}) {
  return {
    async draw(viewer: Viewer, projectId: number, valuationId: number): Promise<{ pdf: Buffer; fileName: string }> {
      const valuation = await valuations.read(viewer, projectId, valuationId);
      const [project] = await db
        .select({ title: projects.title, reference: projects.reference, clientId: projects.clientId })
        .from(projects)
        .where(eq(projects.id, projectId));
      const [contract] = await db
        .select({ retentionBasisPoints: projectContracts.retentionBasisPoints })
        .from(projectContracts)
        .where(eq(projectContracts.projectId, projectId));
      if (!project || !contract) throw new Error("a valuation's project or contract was not found");
      const client = (await peopleNamed(db, [project.clientId])).get(project.clientId ?? "");
      const photos = await db
        .select({ id: projectPhotos.id, thumbUrl: projectPhotos.thumbUrl })
        .from(valuationLinePhotos)
        .innerJoin(valuationLines, eq(valuationLines.id, valuationLinePhotos.valuationLineId))
        .innerJoin(projectPhotos, eq(projectPhotos.id, valuationLinePhotos.photoId))
        .where(eq(valuationLines.valuationId, valuationId));
      const pdf = await renderCertificatePdf(
        {
          project: { title: project.title, reference: project.reference, client: client?.name ?? null },
          retentionBasisPoints: contract.retentionBasisPoints,
          valuation,
        },
        await pdfThumbnails(photoStorage, photos),
      );
      return { pdf, fileName: `interim-certificate-${valuation.number}-project-${projectId}.pdf` };
    },
  };
}

export type ValuationCertificates = ReturnType<typeof createValuationCertificates>;

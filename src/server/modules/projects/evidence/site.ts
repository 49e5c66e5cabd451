import { eq } from "drizzle-orm";
import type { ProjectSite } from "../../../../shared/projects.js";
import type { AppDb } from "../../../db/client.js";
import { projects } from "../../../db/schema.js";

/** The project's site from its row: the circle, or null while any of its three columns is empty. */
export function siteOf(row: Pick<typeof projects.$inferSelect, "siteLatitude" | "siteLongitude" | "siteRadiusMetres">): ProjectSite | null {
  const { siteLatitude: latitude, siteLongitude: longitude, siteRadiusMetres: radiusMetres } = row;
  return latitude === null || longitude === null || radiusMetres === null ? null : { latitude, longitude, radiusMetres };
}

/** The site of a project as its uploads judge against it (null: none set, or no such project). */
export async function readSite(db: AppDb, projectId: number): Promise<ProjectSite | null> {
  const [row] = await db
    .select({ siteLatitude: projects.siteLatitude, siteLongitude: projects.siteLongitude, siteRadiusMetres: projects.siteRadiusMetres })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ? siteOf(row) : null;
}

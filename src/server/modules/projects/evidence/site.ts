import type { ProjectSite } from "../../../../shared/projects.js";
import type { projects } from "../../../db/schema.js";

/** The project's site from its row: the circle, or null while any of its three columns is empty. */
export function siteOf(row: Pick<typeof projects.$inferSelect, "siteLatitude" | "siteLongitude" | "siteRadiusMetres">): ProjectSite | null {
  const { siteLatitude: latitude, siteLongitude: longitude, siteRadiusMetres: radiusMetres } = row;
  return latitude === null || longitude === null || radiusMetres === null ? null : { latitude, longitude, radiusMetres };
}

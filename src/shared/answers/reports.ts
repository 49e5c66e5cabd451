import { z } from "zod";
import { calendarDay, count, instant } from "./common.js";
import { personRef } from "./projects.js";

/** A project's weekly progress report (a PDF): its week (Monday to Sunday in Lagos), who made it and its file. */
export const projectReport = z.object({
  id: count,
  weekStart: calendarDay,
  weekEnd: calendarDay,
  madeAt: instant,
  /** Null for a report made by the Monday schedule (or by someone whose account is gone). */
  madeBy: personRef.nullable(),
  scheduled: z.boolean(),
  /** The project's progress (0 to 100) when the report was made. */
  progress: count,
  sizeBytes: count,
  sha256: z.string(),
  /** The API path of the PDF, for the project's readers. */
  downloadUrl: z.string(),
});
export type ProjectReport = z.output<typeof projectReport>;

/** GET /api/projects/{id}/reports: newest first. */
export const projectReportList = z.object({ items: z.array(projectReport) });
export type ProjectReportList = z.output<typeof projectReportList>;

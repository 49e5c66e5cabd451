// The terms of a project's weekly progress reports (docs/decisions/139-weekly-reports.md), without zod.

/** The largest a report's PDF may be: 40 thumbnails at most keep it far below. */
export const REPORT_MAX_BYTES = 2 * 1024 * 1024;

/** How long the link in a report's email opens the PDF without signing in. */
export const REPORT_LINK_DAYS = 30;

export const reportMessages = {
  notFound: "Report not found.",
  linkBroken: "This report link is not valid. Open the report from the project's Reports section in the portal.",
  linkExpired: `This report link has expired (links work for ${REPORT_LINK_DAYS} days). Open the report from the project's Reports section in the portal.`,
  unsubscribeBroken: "This unsubscribe link is not valid. Choose your emails in the portal's settings.",
} as const;
export type { ProjectReport, ProjectReportList } from "./answers/reports.js";

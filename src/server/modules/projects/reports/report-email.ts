import { countOf } from "../../../../shared/plural.js";
import { REPORT_LINK_DAYS } from "../../../../shared/reports.js";
import { COMPANY_TIME_ZONE, zonedDate } from "../../../../shared/zoned-time.js";
import type { NoticeEmail, ProjectNotice } from "../events.js";
import type { ReportData } from "./report-data.js";
import type { ReportLinks } from "./report-links.js";

const day = (value: string) => zonedDate(`${value}T12:00:00Z`, COMPANY_TIME_ZONE);

/** The notice of a new report to the project's client: the bell, and an email with a link that needs no sign-in. */
export function reportNotice(
  data: ReportData,
  report: { id: number; projectId: number },
  links: ReportLinks,
  publicOrigin: string,
): ProjectNotice & { email: (userId: string) => NoticeEmail } {
  const { photos, milestonesDone, diary } = data;
  return {
    kind: "weekly_report",
    title: `Weekly report on ${data.project.title}: ${data.project.progress}% complete`,
    body: `The week of ${day(data.week.startDay)} to ${day(data.week.endDay)}: ${countOf(milestonesDone.length, "milestone")} done, ${countOf(photos.verified, "verified photo")}, ${countOf(diary.length, "site diary entry", "site diary entries")}.`,
    email: (userId) => ({
      action: { label: "Open the report (PDF)", url: `${publicOrigin}/api/reports/${links.reportToken(report.id, report.projectId)}` },
      afterword: [
        `The button opens this report without signing in, for ${REPORT_LINK_DAYS} days; anyone you forward this email to can open it too. Every report stays in the project's Reports section of the portal.`,
        [
          "Not interested in the weekly report emails? ",
          { link: `${publicOrigin}/api/reports/unsubscribe/${links.unsubscribeToken(userId)}`, label: "Turn them off" },
          ".",
        ],
      ],
    }),
  };
}

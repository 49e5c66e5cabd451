import { countOf } from "../../../../shared/plural.js";
import { COMPANY_TIME_ZONE, zonedDate, zonedDateTime } from "../../../../shared/zoned-time.js";
import { PDF_COLOURS as colours, ensureRoom, PDF_MARGIN as MARGIN, startPdf } from "../../../platform/pdf-document.js";
import { drawPhotoGrid } from "../../../platform/pdf-photos.js";
import { pdfText } from "../../../platform/pdf-text.js";
import type { ReportData, ReportLiveCheck } from "./report-data.js";

/** Three photos a row across the page's width, with room for the verdict, the date and two lines of caption. */
const THUMBS = { left: MARGIN, columns: 3, width: 155, height: 116, gap: 10, caption: 34 };
/** A diary entry's text is cut here: the report is a summary, the portal has the whole entry. */
const DIARY_CHARACTERS = 1200;

const day = (value: Date | string) => zonedDate(typeof value === "string" ? `${value}T12:00:00Z` : value, COMPANY_TIME_ZONE);
const moment = (value: Date) => zonedDateTime(value, COMPANY_TIME_ZONE);
const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text);

/** "+5 points since the report of the week of 16 November 2026", or what stands for it. */
function progressChange(data: ReportData): string {
  if (!data.previous) return "This is the project's first report.";
  const change = data.project.progress - data.previous.progress;
  const since = `since the report of the week of ${day(data.previous.weekStart)}`;
  if (change === 0) return `No change ${since}.`;
  return `${change > 0 ? "+" : "-"}${countOf(Math.abs(change), "percentage point")} ${since}.`;
}

/**
 * The weekly report as a PDF. `thumbnails` are the shown photos' JPEGs by photo id; a photo whose file could not be
 * read is listed without its picture.
 */
export function renderReportPdf(data: ReportData, thumbnails: ReadonlyMap<number, Buffer>): Promise<Buffer> {
  const { doc, finished } = startPdf(`Weekly progress report: ${data.project.title}, week of ${day(data.week.startDay)}`);
  const width = doc.page.width - 2 * MARGIN;
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) => doc.text(pdfText(value), { width, ...options });
  const muted = (value: string) => {
    doc.font("Helvetica").fontSize(9).fillColor(colours.muted);
    text(value);
    doc.fillColor(colours.navy);
  };
  const body = (value: string) => {
    doc.font("Helvetica").fontSize(10.5).fillColor(colours.navy);
    text(value);
  };
  const heading = (value: string) => {
    ensureRoom(doc, 60);
    doc.moveDown(1);
    doc.font("Helvetica-Bold").fontSize(13).fillColor(colours.accent);
    text(value);
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(colours.rule)
      .stroke();
    doc.moveDown(0.5);
    doc.fillColor(colours.navy);
  };
  const bullet = (value: string) => {
    ensureRoom(doc, 16);
    body(`•  ${value}`);
  };

  // Title block.
  doc.font("Helvetica").fontSize(10).fillColor(colours.muted);
  text("CRESTBUILD  ·  WEEKLY PROGRESS REPORT");
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(20).fillColor(colours.navy);
  text(data.project.title);
  doc.moveDown(0.2);
  body(`${data.project.reference}  ·  ${data.project.status}${data.project.client ? `  ·  Client: ${data.project.client}` : ""}`);
  body(`Week of Monday ${day(data.week.startDay)} to Sunday ${day(data.week.endDay)} (Lagos time).`);
  muted(`Made ${moment(data.madeAt)}.`);

  heading("Progress");
  doc.font("Helvetica-Bold").fontSize(16).fillColor(colours.navy);
  text(`Progress: ${data.project.progress}% complete`);
  const barY = doc.y + 4;
  doc.rect(MARGIN, barY, width, 8).fill(colours.track);
  if (data.project.progress > 0) doc.rect(MARGIN, barY, (width * Math.min(100, data.project.progress)) / 100, 8).fill(colours.accent);
  doc.y = barY + 14;
  body(progressChange(data));

  heading("Milestones");
  doc.font("Helvetica-Bold").fontSize(10.5);
  text("Done this week");
  if (data.milestonesDone.length === 0) muted("No milestone was completed this week.");
  for (const milestone of data.milestonesDone) bullet(`${milestone.title} (done ${day(milestone.doneOn)})`);
  doc.moveDown(0.4);
  doc.font("Helvetica-Bold").fontSize(10.5);
  text("Coming next");
  if (data.milestonesComing.length === 0) muted("No milestone is left to do.");
  for (const milestone of data.milestonesComing)
    bullet(milestone.dueDate ? `${milestone.title} (due ${day(milestone.dueDate)})` : milestone.title);

  heading("Verified photos of the week");
  const { photos } = data;
  body(
    `${countOf(photos.verified, "verified photo")} this week${photos.notVerified > 0 ? `; ${countOf(photos.notVerified, "other photo")} could not be verified (not taken with the portal's camera on the site) and ${photos.notVerified === 1 ? "is" : "are"} not shown.` : "."}`,
  );
  if (photos.verified > photos.shown.length) muted(`The latest ${photos.shown.length} are shown; the others are in the portal's gallery.`);
  doc.moveDown(0.5);
  drawPhotoGrid(
    doc,
    photos.shown.map((photo) => ({
      id: photo.id,
      label: `${photo.verdict}  ·  ${day(photo.takenAt)}`,
      caption: photo.caption ? cut(photo.caption, 60) : undefined,
    })),
    thumbnails,
    THUMBS,
  );

  heading("Site diary");
  if (data.diary.length === 0) muted("No site diary entry this week.");
  for (const entry of data.diary) {
    ensureRoom(doc, 40);
    doc.font("Helvetica-Bold").fontSize(10.5).fillColor(colours.navy);
    text(`${moment(entry.at)}, ${entry.author}`);
    if (entry.conditions.length > 0) muted(entry.conditions.map(([label, value]) => `${label}: ${value}`).join(" · "));
    body(cut(entry.text, DIARY_CHARACTERS));
    doc.moveDown(0.5);
  }

  heading("Live checks");
  const check = (item: ReportLiveCheck) =>
    item.answeredAt
      ? `"${item.request}": asked ${moment(item.requestedAt)}, answered ${moment(item.answeredAt)}`
      : `"${item.request}": asked ${moment(item.requestedAt)}, due ${moment(item.dueBy)}`;
  doc.font("Helvetica-Bold").fontSize(10.5);
  text(`Open (${data.liveChecks.open.length})`);
  if (data.liveChecks.open.length === 0) muted("No live check is waiting for an answer.");
  for (const item of data.liveChecks.open) bullet(check(item));
  doc.moveDown(0.4);
  doc.font("Helvetica-Bold").fontSize(10.5);
  text(`Answered this week (${data.liveChecks.answered.length})`);
  if (data.liveChecks.answered.length === 0) muted("No live check was answered this week.");
  for (const item of data.liveChecks.answered) bullet(check(item));

  heading("Evidence log");
  if (data.evidence.head) {
    body(`${countOf(data.evidence.entries, "entry", "entries")} when this report was made. The hash of the last one (the log's head) is:`);
    doc.font("Courier").fontSize(9);
    text(data.evidence.head);
    muted("The project's Evidence section in the portal checks the whole log again and shows the same head while nothing was changed.");
  } else {
    muted("The project's evidence log has no entry yet.");
  }

  doc.end();
  return finished;
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { projectReport, projectReportList } from "../../../../shared/answers/reports.js";
import { REPORT_LINK_DAYS, reportMessages } from "../../../../shared/reports.js";
import { envelope } from "../../../platform/api-schemas.js";
import { currentViewer } from "../../../platform/authenticate.js";
import { ApiError, ok } from "../../../platform/envelope.js";
import { idParam } from "../../../platform/params.js";
import { perUserLimit } from "../../../platform/rate-limit.js";
import { projectIdFound, projectIdOf } from "../params.js";
import { linkPage } from "./link-page.js";
import type { ReportFile, Reports } from "./reports-service.js";

type Options = {
  reports: Reports;
  publicOrigin: string;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const reportIdOf = (request: FastifyRequest) => idParam(request.params, "reportId", reportMessages.notFound);
/** A link's token: far longer than any real one is refused before anything is checked. */
const tokenParams = z.object({ token: z.string().max(512) });

const sendPdf = (reply: FastifyReply, file: ReportFile) =>
  reply
    .type("application/pdf")
    .header("content-disposition", file.contentDisposition)
    .header("content-length", String(file.sizeBytes))
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.stream);

/** A project's weekly reports, for its readers (404 otherwise); and the links of the reports' emails, without sign-in. */
export async function reportRoutes(app: FastifyInstance, { reports, publicOrigin, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const page = (reply: FastifyReply, status: number, title: string, paragraphs: string[], form?: string) =>
    reply
      .status(status)
      .type("text/html; charset=utf-8")
      .send(linkPage(title, paragraphs, { form, portal: `${publicOrigin}/settings#notifications` }));
  // The unsubscribe page's button posts an empty form: read as nothing, in this plugin only.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  routes.get(
    "/projects/:id/reports",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        summary: "The project's weekly progress reports, newest first",
        description:
          "Each with its week (`weekStart`, a Monday, to `weekEnd`, Lagos time), `madeAt`, `madeBy` (null for the Monday schedule), the progress then, the PDF's size and SHA-256, and its `downloadUrl`.",
        response: { 200: envelope(projectReportList) },
      },
    },
    async (request) => ok(await reports.list(viewer(request), projectIdOf(request))),
  );

  // A report reads the week's photos and draws a PDF (about a second): a few an hour per person are plenty.
  routes.post(
    "/projects/:id/reports",
    {
      preValidation: [requireUser, projectIdFound],
      config: perUserLimit(10, 60),
      schema: {
        summary: "Make this week's progress report now",
        description:
          "The project office (those who may post a site diary entry) → 201 with the report: a PDF (at most 2 MB) of this week so far (Monday to now, Lagos time): progress and its change since the previous report, milestones done and coming, the week's verified photos, the site diary, live checks, and the evidence log's head. The client is emailed a link to it, if they have not turned those emails off.",
        response: { 201: envelope(projectReport) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await reports.makeNow(viewer(request), projectIdOf(request)))),
  );

  // The file itself, as an attachment: no JSON answer to declare.
  routes.get(
    "/projects/:id/reports/:reportId",
    {
      preValidation: [requireUser, projectIdFound],
      schema: { summary: "Download a weekly report (PDF)", description: "The PDF as an attachment, for the project's readers." },
    },
    async (request, reply) => sendPdf(reply, await reports.open(viewer(request), projectIdOf(request), reportIdOf(request))),
  );

  const unsubscribeTitle = "Weekly report emails";
  routes.get(
    "/reports/unsubscribe/:token",
    {
      config: perUserLimit(30, 15),
      schema: {
        summary: "The page of a report email's unsubscribe link",
        description:
          "An HTML page asking to confirm (404 for a broken link); its button posts to the same address: a mail scanner opening the link changes nothing.",
        params: tokenParams,
      },
    },
    async (request, reply) =>
      reports.namesAccount(request.params.token)
        ? page(
            reply,
            200,
            unsubscribeTitle,
            ["Stop receiving the weekly progress report of your projects by email?"],
            "Turn off weekly report emails",
          )
        : page(reply, 404, unsubscribeTitle, [reportMessages.unsubscribeBroken]),
  );
  routes.post(
    "/reports/unsubscribe/:token",
    {
      config: perUserLimit(30, 15),
      schema: {
        summary: "Turn off the weekly report emails of the account a signed link names",
        description: "No sign-in: the link's signature names the account. Answers an HTML page (404 for a broken link).",
        params: tokenParams,
      },
    },
    async (request, reply) =>
      (await reports.unsubscribe(request.params.token))
        ? page(reply, 200, unsubscribeTitle, [
            "Weekly report emails are turned off. The reports stay in each project's Reports section.",
            "You can turn them on again in the portal's settings, under Notifications.",
          ])
        : page(reply, 404, unsubscribeTitle, [reportMessages.unsubscribeBroken]),
  );

  routes.get(
    "/reports/:token",
    {
      config: perUserLimit(60, 15),
      schema: {
        summary: "Open the report a report email's link names, without signing in",
        description: `The PDF of one report of one project, read-only, for ${REPORT_LINK_DAYS} days after the email; an HTML page saying why otherwise (404 for a broken or tampered link, 410 once expired).`,
        params: tokenParams,
      },
    },
    async (request, reply) => {
      try {
        return await sendPdf(reply, await reports.openByLink(request.params.token));
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 410)) throw error;
        return page(reply, error.status, "Weekly progress report", [error.message]);
      }
    },
  );
}

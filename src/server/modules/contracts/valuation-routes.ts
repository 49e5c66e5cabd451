import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { valuation, valuationList } from "../../../shared/answers/contracts.js";
import { valuationMessages, valuationSchema } from "../../../shared/contracts.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, type RequireUser } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { idParam } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import type { ValuationCertificates } from "./valuation-certificate.js";
import type { Valuations } from "./valuations.js";

type Options = { valuations: Valuations; certificates: ValuationCertificates; requireUser: RequireUser };

const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
const valuationIdOf = (request: FastifyRequest) => idParam(request.params, "valuationId", valuationMessages.notFound);

/** Interim valuations: the project office measures, Accounts certify. */
export async function valuationRoutes(app: FastifyInstance, { valuations, certificates, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const idsFound = async (request: FastifyRequest) => {
    projectIdOf(request);
    if ((request.params as Record<string, unknown>).valuationId !== undefined) valuationIdOf(request);
  };

  routes.get(
    "/projects/:id/valuations",
    {
      preValidation: [requireUser, idsFound],
      schema: {
        summary: "The interim valuations, newest first, each with its certificate's arithmetic",
        description:
          "Each line's `valueToDate` = quantity to date × rate; `grossValue` = Σ values + `materialsOnSite`; `retention` at the contract's percentage (half up to the kobo); `lessPrevious` = the amounts due of the certified valuations before it; `amountDue` = gross − retention − less previous. Readers of the project's money.",
        response: { 200: envelope(valuationList) },
      },
    },
    async (request) => ok(await valuations.list(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/valuations",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(60, 60),
      schema: {
        summary: "Measure the work done to date (a draft valuation)",
        description:
          "`{ asAt, lines: [{ itemId | variationLineId, quantityToDate, photoIds }], materialsOnSite }` (naira) → 201, a draft until certified. A line names an item of the project's BOQ or a line of one of its approved variations, once, and up to 12 photos of the project's gallery as its evidence (400 with `lines.N.photoIds` otherwise, nothing saved). 409 `contract_not_signed`, `draft_waiting` while the last one is uncertified. Project office and admins.",
        body: valuationSchema,
        response: { 201: envelope(valuation) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await valuations.prepare(viewer(request), projectIdOf(request), request.body))),
  );

  routes.post(
    "/projects/:id/valuations/:valuationId/certify",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(60, 60),
      schema: {
        summary: "Certify a valuation: from then it never changes",
        description: "No body. 409 `already_certified`. Accounts, Accounting and admins.",
        response: { 200: envelope(valuation) },
      },
    },
    async (request) => ok(await valuations.certify(viewer(request), projectIdOf(request), valuationIdOf(request))),
  );

  // The PDF itself, drawn for each request: no JSON answer to declare.
  routes.get(
    "/projects/:id/valuations/:valuationId/certificate.pdf",
    {
      preValidation: [requireUser, idsFound],
      config: perUserLimit(30, 1),
      schema: {
        summary: "The interim certificate of a valuation (PDF)",
        description:
          "Every line with its evidence photos (verdict and date beneath), materials on site, gross value, retention, less previous, amount due, prepared and certified by whom and when; a draft says so. Readers of the project's money.",
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await certificates.draw(viewer(request), projectIdOf(request), valuationIdOf(request));
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}

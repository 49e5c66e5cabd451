import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import writeXlsxFile from "write-excel-file/node";
import { boqAnswer, boqImport } from "../../../shared/answers/contracts.js";
import { BOQ_MAX_BYTES, boqColumns, boqMessages, contractSigningSchema } from "../../../shared/contracts.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, type RequireUser } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { readOneFile } from "../../platform/multipart.js";
import { idParam } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import type { Boq } from "./boq.js";

type Options = { boq: Boq; requireUser: RequireUser };

const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");

/** A project's bill of quantities and contract: read by its money's readers, prepared by the project office. */
export async function contractRoutes(app: FastifyInstance, { boq, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const projectFound = async (request: FastifyRequest) => void projectIdOf(request);

  routes.get(
    "/projects/:id/boq",
    {
      preValidation: [requireUser, projectFound],
      schema: {
        summary: "The bill of quantities: bills, items, subtotals and the contract sum",
        description:
          "Amounts in kobo, computed by the server: each item's `amount` = `quantity` × `rate` to the kobo, each bill's `subtotal`, and `contractSum`. `status` is `draft` until the contract is signed, then `fixed`. The client, the project office, Accounts and admins; other staff on the project 403; anyone else 404.",
        response: { 200: envelope(boqAnswer) },
      },
    },
    async (request) => ok(await boq.read(viewer(request), projectIdOf(request))),
  );

  routes.post(
    "/projects/:id/boq",
    {
      preValidation: [requireUser, projectFound],
      config: perUserLimit(60, 60),
      schema: {
        summary: "Import the BOQ from an XLSX or CSV file (multipart `file`)",
        description:
          "The first sheet of an XLSX, or a CSV, ≤ 10 MB: a header row naming `bill`, `item`, `description`, `unit`, `quantity`, `rate` (any order, other columns ignored), then one item a row (≤ 10,000). Replaces the draft BOQ and answers `{ bills, items, contractSum }`; a row that cannot be read is reported in `fields` by row and column with the reason, and nothing is saved (400 `invalid_boq`). 409 `contract_signed` once the contract is signed. Project office and admins.",
        response: { 201: envelope(boqImport) },
      },
    },
    async (request, reply) => {
      const file = await readOneFile(request, {
        fileField: "file",
        maxFileBytes: BOQ_MAX_BYTES,
        tooLarge: boqMessages.tooLarge,
        tooMany: boqMessages.oneFile,
        missing: boqMessages.noFile,
      });
      return reply.status(201).send(ok(await boq.import(viewer(request), projectIdOf(request), file)));
    },
  );

  routes.get(
    "/projects/:id/boq.xlsx",
    {
      preValidation: [requireUser, projectFound],
      schema: {
        summary: "The bill of quantities as an XLSX spreadsheet",
        description:
          "The columns it is imported with, then `amount` (naira); a subtotal row under each bill and the contract sum at the end.",
      },
    },
    async (request, reply) => {
      const projectId = projectIdOf(request);
      const { bills, contractSum } = await boq.rows(viewer(request), projectId);
      const naira = (kobo: number) => ({ value: kobo / 100, type: Number, format: "#,##0.00" });
      const bold = (value: string) => ({ value, fontWeight: "bold" as const });
      const sheet = [
        [...boqColumns, "amount"].map(bold),
        ...bills.flatMap((bill) => [
          ...bill.items.map((item) => [
            { value: bill.name },
            { value: item.ref },
            { value: item.description },
            { value: item.unit },
            { value: item.quantity, type: Number, format: "#,##0.000" },
            naira(item.rate),
            naira(item.amount),
          ]),
          [bold(`Subtotal: ${bill.name}`), null, null, null, null, null, { ...naira(bill.subtotal), fontWeight: "bold" as const }],
        ]),
        [bold("Contract sum"), null, null, null, null, null, { ...naira(contractSum), fontWeight: "bold" as const }],
      ];
      const file = await writeXlsxFile(sheet, {
        columns: [{ width: 28 }, { width: 8 }, { width: 60 }, { width: 8 }, { width: 12 }, { width: 16 }, { width: 18 }],
      }).toBuffer();
      return reply
        .type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="boq-project-${projectId}.xlsx"`)
        .header("cache-control", "private, no-store")
        .send(file);
    },
  );

  routes.post(
    "/projects/:id/contract",
    {
      preValidation: [requireUser, projectFound],
      schema: {
        summary: "Record the contract as signed, fixing the BOQ",
        description:
          "`{ signedOn, retentionPercent, defectsPeriodDays }` (YYYY-MM-DD; 0–20 % with 2 decimals at most; 0–1,095 days) → 201 with the BOQ, now `fixed`: from then changes go through variations. 409 `no_boq` before a BOQ is imported, `contract_signed` when already recorded. Project office and admins.",
        body: contractSigningSchema,
        response: { 201: envelope(boqAnswer) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await boq.sign(viewer(request), projectIdOf(request), request.body))),
  );
}

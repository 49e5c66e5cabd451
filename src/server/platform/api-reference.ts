import type { FastifyInstance, FastifyRequest } from "fastify";
import type { OpenAPIV3_1 } from "openapi-types";
import { ApiError } from "../../shared/api.js";
import { wording } from "../../shared/wording.js";
import { apiReferencePage } from "./api-reference-page.js";
import { type AccessCheck, createMediaViewer, DOCS_COOKIE } from "./authenticate.js";
import { accessDenied } from "./errors.js";

type Options = {
  /** Under `npm run dev`, for everyone; otherwise for admins (a Bearer token, or the docs cookie in the browser). */
  open: boolean;
  checkAccess: AccessCheck;
};

/** A page with styles but no script may keep the API's strict policy otherwise. */
const REFERENCE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** GET /api/openapi.json (the OpenAPI 3.1 document of every route) and GET /api/docs (the same, readable). */
export async function apiReferenceRoutes(api: FastifyInstance, { open, checkAccess }: Options) {
  const viewerOf = createMediaViewer(checkAccess, DOCS_COOKIE);
  const adminsOnly = async (request: FastifyRequest) => {
    if (open) return;
    const viewer = await viewerOf(request);
    if (!viewer) throw new ApiError(401, wording.authenticationFailed, "unauthenticated");
    if (viewer.role !== "admin") throw accessDenied();
  };
  const document = () => api.swagger() as OpenAPIV3_1.Document;
  api.get("/openapi.json", { preValidation: adminsOnly, schema: { hide: true } }, async () => document());
  api.get("/docs", { preValidation: adminsOnly, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header("content-security-policy", REFERENCE_CONTENT_SECURITY_POLICY)
      .type("text/html; charset=utf-8")
      .send(apiReferencePage(document())),
  );
}

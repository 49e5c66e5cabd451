import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { IDEMPOTENCY_KEEP_HOURS } from "../../shared/idempotency.js";
import { validationFailure } from "./envelope.js";
import { keepsAnswers } from "./idempotency.js";

/**
 * A route's params, query and body are checked against its zod schemas before its handler, and a refusal is the
 * same 400 envelope as `parseInput`'s (a missing body is read as {}, so each required field names itself).
 */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationFailure(result.error) };
  };

/** Whether the route runs `requireUser` (platform/authenticate.ts) before it: it then needs a Bearer access token. */
const signedIn = (route: RouteOptions) => [route.preValidation].flat().some((hook) => hook?.name === "requireUser");

const MUTATING_METHODS = ["POST", "PUT", "PATCH", "DELETE"];
const mutating = (route: RouteOptions) => [route.method].flat().some((method) => MUTATING_METHODS.includes(method));

/** The optional header of every signed-in change (platform/idempotency.ts), as a header parameter of the document. */
const idempotencyKeyHeader = {
  type: "string",
  minLength: 1,
  maxLength: 255,
  pattern: "^[\\x21-\\x7e]+$",
  description:
    `Optional. A repeat of this request with the same key (by the same person, within ${IDEMPOTENCY_KEEP_HOURS} hours) ` +
    "gets the first answer again, with Idempotent-Replayed: true, and changes nothing (docs/api.md#idempotency).",
};

/**
 * The OpenAPI document holds the API's routes only (pages, files and health checks are not part of the contract), and
 * marks those that need a signed-in person, with the Idempotency-Key header their changes take.
 */
const apiRoutesOnly: typeof jsonSchemaTransform = (input) => {
  if (!input.url.startsWith("/api/")) return { schema: { ...input.schema, hide: true }, url: input.url };
  const transformed = jsonSchemaTransform(input);
  if (!signedIn(input.route)) return transformed;
  const schema: Record<string, unknown> = { ...transformed.schema, security: [{ accessToken: [] }] };
  if (mutating(input.route) && keepsAnswers(input.url)) {
    const headers = (schema.headers ?? { type: "object", properties: {} }) as { properties?: Record<string, unknown> };
    schema.headers = { ...headers, properties: { ...headers.properties, "Idempotency-Key": idempotencyKeyHeader } };
  }
  return { ...transformed, schema };
};

/**
 * The API as a contract: zod schemas validate what comes in and serialise what goes out (anything undeclared is
 * dropped), and @fastify/swagger collects every route into an OpenAPI 3.1 document (`app.swagger()`).
 * Registered before the routes (docs/decisions/134-api-contract-from-zod-schemas.md).
 */
async function apiContract(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Crestbuild API",
        version: "1",
        description:
          "Every answer is an envelope { success, data, message, error } (and fields on a 400). Sign in with " +
          "/api/auth/verify-credentials then /api/auth/complete-login, and send the access token as a Bearer header. " +
          "A numbered list takes ?page= and answers { items, total, page, pageSize, pageCount }.",
      },
      components: { securitySchemes: { accessToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: apiRoutesOnly,
  });
}

export const apiContractPlugin = fastifyPlugin(apiContract, { name: "api-contract" });

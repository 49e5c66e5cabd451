import type { OpenAPIV3_1 } from "openapi-types";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Prose with its `code` spans set as code. */
const proseHtml = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

const schemaBlock = (schema: unknown) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function operationHtml(method: string, path: string, operation: OpenAPIV3_1.OperationObject): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const body = (operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content?.["application/json"]?.schema;
  const responses = Object.entries(operation.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][];
  return [
    `<section id="${escapeHtml(`${method}-${path}`)}"><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3>`,
    operation.summary ? `<p>${escapeHtml(operation.summary)}</p>` : "",
    operation.description ? `<p>${proseHtml(operation.description)}</p>` : "",
    operation.security ? "<p>Signed in: a Bearer access token.</p>" : "",
    parameters.length > 0
      ? `<h4>Parameters</h4><ul>${parameters
          .map(
            (parameter) => `<li><code>${escapeHtml(parameter.name)}</code> (${parameter.in}${parameter.required ? ", required" : ""})</li>`,
          )
          .join("")}</ul>`
      : "",
    body ? `<h4>Body</h4>${schemaBlock(body)}` : "",
    ...responses.map(
      ([status, response]) =>
        `<h4>Answer ${escapeHtml(status)}</h4>${schemaBlock(response.content?.["application/json"]?.schema ?? response.description)}`,
    ),
    "</section>",
  ].join("");
}

/** The OpenAPI document as one readable page: every route, its parameters, body and answers, without any script. */
export function apiReferencePage(document: OpenAPIV3_1.Document): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation ? [operationHtml(method, path, operation)] : [];
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1c1917}
section{border-top:1px solid #d6d3d1;padding:.5rem 0}pre{background:#f5f5f4;padding:.5rem;overflow-x:auto;font-size:13px}
code{font-size:15px}</style></head><body><main><h1>${escapeHtml(document.info.title)} reference</h1>
<p>${escapeHtml(document.info.description ?? "")}</p><p>The same as JSON: <a href="/api/openapi.json"><code>/api/openapi.json</code></a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<h2>${operations.length} routes</h2>${operations.join("\n")}</main></body></html>`;
}

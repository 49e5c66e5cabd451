import type { FastifyInstance } from "fastify";
import type { PageRenderer } from "./renderer.js";

/** Every GET outside /api and the static files is a page, rendered by React on the server. */
export async function pageRoutes(app: FastifyInstance, options: { renderer: PageRenderer; publicOrigin: string }) {
  const { renderer, publicOrigin } = options;
  app.get("/*", async (request, reply) => {
    const result = await renderer.render({
      url: request.url,
      nonce: reply.scriptNonce,
      publicOrigin,
      assets: renderer.assets,
      fetchApi: async (path) => {
        const response = await app.inject({ method: "GET", url: path, headers: { "x-request-id": request.id } });
        return { status: response.statusCode, body: response.json() };
      },
    });
    return reply.status(result.status).header("cache-control", "no-cache").type("text/html; charset=utf-8").send(result.html);
  });
}

import type { FastifyInstance } from "fastify";

/**
 * Every API answer is `no-store` unless its route says how it may be kept: signed-in answers hold someone's data,
 * which neither a shared cache nor the browser's disk (a shared office computer, the back button after signing out)
 * may keep. Only the photos of docs/decisions/081-private-media.md say otherwise (their asker's browser, 5 minutes).
 * Errors, refusals and 404s included: the hook runs for every answer of the scope it is added to.
 */
export function noStoreByDefault(api: FastifyInstance) {
  api.addHook("onSend", async (_request, reply) => {
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
}

import type { FastifyInstance } from "fastify";

/** The longest user agent kept; real browsers send under 300 characters. */
export const MAX_USER_AGENT_LENGTH = 512;

/**
 * Cuts an over-long User-Agent header as the request arrives, before any hook or route reads it: the access log,
 * sessions and inquiries store it, and a script sending 8 KB in each request must not grow them by 8 KB a row.
 */
export function registerUserAgentCut(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    const userAgent = request.headers["user-agent"];
    if (userAgent !== undefined && userAgent.length > MAX_USER_AGENT_LENGTH) {
      request.headers["user-agent"] = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
    }
  });
}

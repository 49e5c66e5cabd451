import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyReply {
    /** Allows this response's own inline scripts under the Content-Security-Policy. */
    scriptNonce: string;
  }
}

function contentSecurityPolicy(nonce: string, devServer?: DevServerPolicy): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    // React renders style attributes (progress bars, transitions); scripts stay nonce-only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // The project videos, and the capture screen's preview of a clip before it is sent.
    "media-src 'self' blob:",
    "font-src 'self'",
    devServer ? `connect-src 'self' ${devServer.hmrOrigin}` : "connect-src 'self'",
    // The site app's service worker (/sw.js); under `npm run dev`, Vite's client also waits for a restarted dev server
    // from a worker it makes from a blob.
    devServer ? "worker-src 'self' blob:" : "worker-src 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

/** An API answer is data, never a document: nothing in it may load or run, and it may not be framed. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Under `npm run dev` only: where the browser reaches Vite's hot updates. */
export type DevServerPolicy = { hmrOrigin: string };

/** Security headers for every response: a nonce-based CSP, no framing, HSTS behind HTTPS. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean; devServer?: DevServerPolicy }) {
  // Helmet's own CSP would put the nonce in style-src too, which makes browsers ignore 'unsafe-inline' there.
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Set per document by the page routes: the portal's screens only (docs/decisions/106-public-pages-start-light.md).
    crossOriginOpenerPolicy: false,
    frameguard: { action: "deny" },
  });
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/")) {
      reply.header("content-security-policy", API_CONTENT_SECURITY_POLICY);
      return;
    }
    reply.scriptNonce = randomBytes(16).toString("base64url");
    reply.header("content-security-policy", contentSecurityPolicy(reply.scriptNonce, options.devServer));
  });
}

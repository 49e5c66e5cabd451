import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Security headers for every response: a nonce-based CSP, no framing, HSTS behind HTTPS. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React renders style attributes (progress bars, animations); scripts stay nonce-only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

import type { FastifyInstance } from "fastify";
import type { ContentService } from "../content/index.js";

/** Paths of the portal, which search engines have no business crawling. */
export const PRIVATE_PATHS = [
  "/api/",
  "/dashboard",
  "/admin",
  "/settings",
  "/security",
  "/analytics",
  "/call",
  "/login",
  "/register",
  "/forgot-password",
  "/account-deleted",
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char);

export async function seoRoutes(app: FastifyInstance, options: { content: ContentService; publicOrigin: string }) {
  const { content, publicOrigin } = options;

  app.get("/robots.txt", async (_request, reply) => {
    const lines = [
      "User-agent: *",
      "Allow: /",
      ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
      "",
      `Sitemap: ${publicOrigin}/sitemap.xml`,
      "",
    ];
    return reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(lines.join("\n"));
  });

  app.get("/sitemap.xml", async (_request, reply) => {
    const entries = await content.sitemapEntries();
    const urls = entries.map(
      (entry) => `  <url><loc>${escapeXml(publicOrigin + entry.path)}</loc><lastmod>${entry.lastModified.toISOString()}</lastmod></url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=300").send(xml);
  });
}

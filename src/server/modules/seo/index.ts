/** The SEO module's entry: /sitemap.xml and /robots.txt, whose routes take the content service, are its wiring. */
export { seoRoutes as seoModule } from "./routes.js";

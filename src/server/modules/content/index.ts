/**
 * What the public content offers the app and other modules: its service (the mailer, the sitemap and the admin's
 * settings read the company's details and the pages through it), the starting content loaded into an empty
 * database, and its wiring.
 */
export { loadContentIfEmpty } from "./load-content.js";
export { type ContentModuleOptions, contentModule } from "./module.js";
export { type ContentService, createContentService } from "./service.js";

/** What the public content offers other modules: the sitemap reads its pages through the content service. */
export type { ContentService } from "./service.js";

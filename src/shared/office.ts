/** GET /api/office/overview: the Admin department's view of the whole office (schemas in ./answers/office.ts). */
export type { OfficeOverview, SecurityEventItem } from "./answers/office.js";

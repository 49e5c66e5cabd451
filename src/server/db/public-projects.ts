import { type SQL, sql } from "drizzle-orm";
import { PORTFOLIO_STATUSES } from "../../shared/projects.js";
import { projects } from "./schema.js";

/**
 * A project its client has agreed to show publicly, or one of the company's own records with no client
 * (docs/decisions/120-portfolio-consent.md). Conditions on `projects`.
 */
export const mayBeShownPublicly: SQL<boolean> = sql<boolean>`(${projects.clientId} is null or ${projects.portfolioConsentAt} is not null)`;

/** What the public site shows: the portfolio projects that may be shown. Withdrawn agreement takes one off at once. */
export const onPublicSite: SQL<boolean> = sql<boolean>`(${projects.isPortfolio} and ${mayBeShownPublicly})`;

/** What Digital Marketing may put on the public site: under way or completed, and agreed to by the client if any. */
export const offerableForPortfolio: SQL<boolean> = sql<boolean>`(${projects.status} in (${sql.join(
  PORTFOLIO_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}) and ${mayBeShownPublicly})`;

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDb } from "../../db/client.js";
import { createCollector } from "./collector.js";
import { projectsAnalytics } from "./projects.js";
import { scheduleRollUps } from "./rollup.js";
import { analyticsRoutes } from "./routes.js";
import { siteAnalytics } from "./site.js";
import { usersAnalytics } from "./users.js";

export { rollUp } from "./rollup.js";

/** How often the page views are rolled up (today's figures are at most this old on the charts). */
const ROLLUP_EVERY_MS = 5 * 60_000;

export type AnalyticsModuleOptions = {
  db: AppDb;
  publicOrigin: string;
  log: FastifyBaseLogger;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** The analytics API under /api, and the roll-ups of the page views: at start, then every few minutes. */
export async function analyticsModule(app: FastifyInstance, { db, publicOrigin, log, requireUser }: AnalyticsModuleOptions) {
  const stopRollUps = scheduleRollUps(db, log, ROLLUP_EVERY_MS);
  app.addHook("onClose", stopRollUps);
  await app.register(analyticsRoutes, {
    reports: {
      users: (period) => usersAnalytics(db, period),
      projects: (period) => projectsAnalytics(db, period),
      site: (period) => siteAnalytics(db, period),
    },
    collect: createCollector({ db, publicOrigin }),
    requireUser,
  });
}

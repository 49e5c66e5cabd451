import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { BEACON_MAX_BYTES, type Beacon, beaconSchema, timeframeQuerySchema } from "../../../shared/analytics.js";
import { beaconOutcome, projectsAnalytics, siteAnalytics, usersAnalytics } from "../../../shared/answers/analytics.js";
import { productWording } from "../../../shared/wording.js";
import { envelope } from "../../platform/api-schemas.js";
import { requireRole } from "../../platform/authenticate.js";
import { ApiError, ok } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { BeaconOrigin, CollectOutcome } from "./collector.js";
import { type Period, periodOf } from "./period.js";

/** Each report's answer. */
const reportAnswers = { users: usersAnalytics, projects: projectsAnalytics, site: siteAnalytics };
type Report = keyof typeof reportAnswers;

export type AnalyticsRoutesOptions = {
  reports: { [R in Report]: (period: Period) => Promise<z.output<(typeof reportAnswers)[R]>> };
  collect: (beacon: Beacon, origin: BeaconOrigin) => Promise<CollectOutcome>;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** navigator.sendBeacon sends a string as text/plain: the collector reads its JSON itself. */
function beaconBody(body: unknown): unknown {
  if (typeof body !== "string") return body;
  try {
    return JSON.parse(body);
  } catch {
    throw new ApiError(400, productWording.invalidJson, "invalid_json");
  }
}

/** docs/api.md#analytics: admins' figures per timeframe, and the public pages' beacon. */
export async function analyticsRoutes(app: FastifyInstance, { reports, collect, requireUser }: AnalyticsRoutesOptions) {
  const adminOnly = { preValidation: [requireUser, requireRole("admin")] };
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const reportRoute = <R extends Report>(report: R, summary: string) =>
    routes.get(
      `/admin/analytics/${report}`,
      { ...adminOnly, schema: { summary, querystring: timeframeQuerySchema, response: { 200: envelope(reportAnswers[report]) } } },
      async (request) => {
        const { timeframe } = request.query;
        return ok(await reports[report](periodOf(timeframe, new Date())));
      },
    );
  reportRoute("users", "Sign-ups and active people over a timeframe");
  reportRoute("projects", "Projects started, completed and converted over a timeframe");
  reportRoute("site", "The public website's views, visitors, pages and Web Vitals over a timeframe");

  // A visitor's pages send a few beacons each; a flood from one address is cut off (counted before the body is read).
  routes.post(
    "/analytics/collect",
    {
      bodyLimit: BEACON_MAX_BYTES,
      config: perAddressLimit(300, 1),
      // A beacon's text/plain body is JSON to read before the schema checks it.
      preValidation: async (request: FastifyRequest) => {
        request.body = beaconBody(request.body);
      },
      schema: {
        description:
          'a beacon, JSON (as `text/plain` from `navigator.sendBeacon` or `application/json`): `{ kind: "pageview", path, width, referrer? }` or `{ kind: "LCP" \\| "INP" \\| "CLS" \\| "TTFB", path, width, value }` → 202 `{ recorded }`; `recorded: false` with `DNT: 1`, `Sec-GPC: 1` or a bot\'s user agent; 400 malformed, 413 over 2 KB, 429 past 300 a minute per address. No cookie is set or read',
        summary: "Count a public page's view or Web Vitals measure",
        body: beaconSchema,
        response: { 202: envelope(beaconOutcome) },
      },
    },
    async (request, reply) => {
      const outcome = await collect(request.body, {
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
        doNotTrack: request.headers.dnt === "1" || request.headers["sec-gpc"] === "1",
      });
      return reply.status(202).send(ok({ recorded: outcome === "recorded" }));
    },
  );
}

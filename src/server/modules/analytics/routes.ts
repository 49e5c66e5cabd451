import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BEACON_MAX_BYTES, type Beacon, beaconSchema, timeframeQuerySchema } from "../../../shared/analytics.js";
import { productWording } from "../../../shared/wording.js";
import { requireRole } from "../../platform/authenticate.js";
import { ApiError, ok, parseInput } from "../../platform/envelope.js";
import { perAddressLimit } from "../../platform/rate-limit.js";
import type { BeaconOrigin, CollectOutcome } from "./collector.js";
import { type Period, periodOf } from "./period.js";

export type AnalyticsRoutesOptions = {
  reports: Record<"users" | "projects" | "site", (period: Period) => Promise<unknown>>;
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
  for (const report of ["users", "projects", "site"] as const) {
    routes.get(`/admin/analytics/${report}`, { ...adminOnly, schema: { querystring: timeframeQuerySchema } }, async (request) => {
      const { timeframe } = request.query;
      return ok(await reports[report](periodOf(timeframe, new Date())));
    });
  }

  // A visitor's pages send a few beacons each; a flood from one address is cut off.
  app.post("/analytics/collect", { bodyLimit: BEACON_MAX_BYTES, config: perAddressLimit(300, 1) }, async (request, reply) => {
    const beacon = parseInput(beaconSchema, beaconBody(request.body));
    const outcome = await collect(beacon, {
      ipAddress: request.ip,
      userAgent: request.headers["user-agent"],
      doNotTrack: request.headers.dnt === "1" || request.headers["sec-gpc"] === "1",
    });
    return reply.status(202).send(ok({ recorded: outcome === "recorded" }));
  });
}

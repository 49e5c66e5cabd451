import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  alertsQuerySchema,
  blockSchema,
  notMeSchema,
  securityEventsQuerySchema,
  securityMessages,
  securitySettingsSaved,
  securitySettingsSchema,
} from "../../../shared/security.js";
import { currentUser, requireRole } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import type { AccessLog } from "./access-log.js";
import type { Alerts } from "./alerts.js";
import type { Blocklist } from "./blocklist.js";
import type { createNotMe } from "./not-me.js";
import type { SecuritySettingsStore } from "./settings.js";

const idParams = z.object({
  id: z.coerce.number({ error: "Must be a whole number." }).int("Must be a whole number.").min(1).max(2_147_483_647),
});

export type SecurityRoutesOptions = {
  accessLog: AccessLog;
  alerts: Alerts;
  blocklist: Blocklist;
  notMe: ReturnType<typeof createNotMe>;
  settings: SecuritySettingsStore;
  findEmail: (userId: string) => Promise<string | null>;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

/** The security centre's API: a person's own activity, the 'this wasn't me' link, and the admins' access log, alerts and blocklist. */
export async function securityRoutes(app: FastifyInstance, options: SecurityRoutesOptions) {
  const { accessLog, alerts, blocklist, requireUser } = options;
  const adminOnly = { preHandler: [requireUser, requireRole("admin")] };
  const adminChange = { ...adminOnly, config: perUserLimit(120, 1) };

  app.get("/account/security-activity", { preHandler: requireUser }, async (request) => {
    const { userId } = currentUser(request);
    const email = (await options.findEmail(userId)) ?? "";
    return ok({ events: await accessLog.ownActivity({ id: userId, email }) });
  });

  app.post("/auth/not-me", { config: perAddressLimit(10, 15) }, async (request) => {
    const { userId, token } = parseInput(notMeSchema, request.body);
    return ok(await options.notMe.use(userId, token, originOf(request)), securityMessages.notMeDone);
  });

  app.get("/admin/security/events", adminOnly, async (request) =>
    ok(await accessLog.list(parseInput(securityEventsQuerySchema, request.query))),
  );

  /** The same filters, as a CSV file streamed batch by batch (never the whole log in memory). */
  app.get("/admin/security/events.csv", adminOnly, async (request, reply) => {
    const { page: _page, ...filters } = parseInput(securityEventsQuerySchema, request.query);
    const stamp = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-disposition", `attachment; filename="security-events-${stamp}.csv"`)
      .header("cache-control", "no-store")
      .type("text/csv; charset=utf-8")
      .send(Readable.from(accessLog.csv(filters)));
  });

  app.get("/admin/security/alerts", adminOnly, async (request) => ok(await alerts.list(parseInput(alertsQuerySchema, request.query))));

  app.post("/admin/security/alerts/:id/acknowledge", adminChange, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return ok(await alerts.acknowledge(id, currentUser(request).userId), securityMessages.alertAcknowledged);
  });

  app.get("/admin/security/settings", adminOnly, async () => ok(await options.settings.current()));
  app.get("/admin/security/summary", adminOnly, async () => ok(await options.settings.summary()));
  app.put("/admin/security/settings", adminChange, async (request) => {
    const next = parseInput(securitySettingsSchema, request.body);
    return ok(await options.settings.update({ id: currentUser(request).userId, ipAddress: request.ip }, next), securitySettingsSaved);
  });

  app.get("/admin/security/blocklist", adminOnly, async () => ok({ blocks: await blocklist.list() }));

  app.post("/admin/security/blocklist", adminChange, async (request, reply) => {
    const input = parseInput(blockSchema, request.body);
    // Blocked from an alert: the alert must exist (and its address is what the form sent).
    if (input.alertId !== undefined) await alerts.find(input.alertId);
    const block = await blocklist.add(input, { id: currentUser(request).userId, ipAddress: request.ip });
    return reply.status(201).send(ok(block, securityMessages.blocked));
  });

  app.delete("/admin/security/blocklist/:id", adminChange, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await blocklist.remove(id);
    return ok(null, securityMessages.unblocked);
  });
}

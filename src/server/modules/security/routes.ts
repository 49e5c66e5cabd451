import { Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountSignInMethods,
  addressBlock,
  addressBlocklist,
  notMeLinkPreview,
  notMeResult,
  ownSecurityActivity,
  securityAlert,
  securityAlertPage,
  securityEventsPage,
  securitySettings,
  securitySummary,
} from "../../../shared/answers/security.js";
import {
  alertsQuerySchema,
  blockSchema,
  notMeLinkSchema,
  notMeSchema,
  reviewRemovalSchema,
  reviewTicketSchema,
  securityEventsQuerySchema,
  securityMessages,
  securitySettingsSaved,
  securitySettingsSchema,
} from "../../../shared/security.js";
import { emptyEnvelope, envelope } from "../../platform/api-schemas.js";
import { currentUser, requireRole } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { rowIdParams } from "../../platform/params.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { RequestOrigin } from "../../platform/security-log.js";
import type { AccessLog } from "./access-log.js";
import type { Alerts } from "./alerts.js";
import type { Blocklist } from "./blocklist.js";
import type { MethodsReview } from "./methods-review.js";
import type { createNotMe, WrongTokenLimit } from "./not-me.js";
import type { SecuritySettingsStore } from "./settings.js";

export type SecurityRoutesOptions = {
  accessLog: AccessLog;
  alerts: Alerts;
  blocklist: Blocklist;
  notMe: ReturnType<typeof createNotMe>;
  methodsReview: MethodsReview;
  settings: SecuritySettingsStore;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** Wrong 'this wasn't me' tokens allowed per account id in 15 minutes (a wrong token never wears the owner's link out). */
export const NOT_ME_WRONG_TOKENS = 10;

const originOf = (request: FastifyRequest): RequestOrigin => ({ ipAddress: request.ip, userAgent: request.headers["user-agent"] ?? null });

/** The security centre's API: a person's own activity, the 'this wasn't me' link, and the admins' access log, alerts and blocklist. */
export async function securityRoutes(app: FastifyInstance, options: SecurityRoutesOptions) {
  const { accessLog, alerts, blocklist, requireUser } = options;
  const adminOnly = { preValidation: [requireUser, requireRole("admin")] };
  const adminChange = { ...adminOnly, config: perUserLimit(120, 1) };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/account/security-activity",
    {
      preValidation: requireUser,
      schema: {
        description: "Bearer → `{ events }`: the caller's last 30 security events",
        summary: "The last events of the signed-in person's own account",
        response: { 200: envelope(ownSecurityActivity) },
      },
    },
    async (request) => {
      return ok({ events: await accessLog.ownActivity(currentUser(request).userId) });
    },
  );

  // Counted per account id, whatever address the guesses come from; the address limit is on the routes.
  const wrongNotMeTokens = app.createRateLimit({
    max: NOT_ME_WRONG_TOKENS,
    timeWindow: 15 * 60_000,
    keyGenerator: (request) => `not-me:${parseInput(notMeLinkSchema, request.body).userId}`,
  });
  const wrongTokenOf =
    (request: FastifyRequest): WrongTokenLimit =>
    async () => {
      const counted = await wrongNotMeTokens(request);
      return !counted.isAllowed && counted.isExceeded ? Math.max(1, counted.ttlInSeconds) : null;
    };

  routes.post(
    "/auth/not-me/methods",
    {
      config: perAddressLimit(30, 15),
      schema: {
        description:
          "`{ userId, token }` → the link's event and the account's passkeys and providers (those added since marked), without using the link",
        summary: "What a 'this wasn't me' link would remove, read without using it",
        body: notMeLinkSchema,
        response: { 200: envelope(notMeLinkPreview) },
      },
    },
    async (request) => {
      const { userId, token } = request.body;
      return ok(await options.notMe.preview(userId, token, wrongTokenOf(request), originOf(request)));
    },
  );

  routes.post(
    "/auth/not-me",
    {
      config: perAddressLimit(10, 15),
      schema: {
        description:
          "`{ userId, token, removePasskeys?, removeProviders? }` from a security email's 'this wasn't me' link → `{ email }`: every session ends, what was added since the event and what was chosen is removed, a password reset code is emailed (an email change's link first puts the old address back); 410 once used or expired",
        summary: "Use a 'this wasn't me' link: end every session and remove what was added",
        body: notMeSchema,
        response: { 200: envelope(notMeResult) },
      },
    },
    async (request) => {
      const { userId, token, ...choice } = request.body;
      const result = await options.notMe.use(userId, token, choice, wrongTokenOf(request), originOf(request));
      return ok(result, result.emailRestored ? securityMessages.notMeEmailRestored(result.email) : securityMessages.notMeDone);
    },
  );

  routes.post(
    "/auth/sign-in-methods/review",
    {
      config: perAddressLimit(30, 15),
      schema: {
        summary: "The passkeys and providers of an account just reset",
        body: reviewTicketSchema,
        response: { 200: envelope(accountSignInMethods) },
      },
    },
    async (request) => {
      const { userId, ticket } = request.body;
      return ok(await options.methodsReview.list(userId, ticket));
    },
  );

  routes.post(
    "/auth/sign-in-methods/remove",
    {
      config: perAddressLimit(30, 15),
      schema: {
        summary: "Remove passkeys and providers of an account just reset",
        body: reviewRemovalSchema,
        response: { 200: envelope(accountSignInMethods) },
      },
    },
    async (request) => {
      const { userId, ticket, ...choice } = request.body;
      return ok(await options.methodsReview.remove(userId, ticket, choice, originOf(request)), securityMessages.methodsRemoved);
    },
  );

  routes.get(
    "/admin/security/events",
    {
      ...adminOnly,
      schema: {
        description:
          "admins → `Page<SecurityEventRow>`, newest first, 25 a page; `user` is part of an email or an account id, `address` an address or a CIDR range, `from`/`to` ISO times",
        summary: "A page of the access log",
        querystring: securityEventsQuerySchema,
        response: { 200: envelope(securityEventsPage) },
      },
    },
    async (request) => ok(await accessLog.list(request.query)),
  );

  /** The same filters, as a CSV file streamed batch by batch (never the whole log in memory). */
  routes.get(
    "/admin/security/events.csv",
    {
      ...adminOnly,
      schema: {
        description:
          "admins: the same filters as a CSV attachment, streamed in batches of 500 (chunked; memory stays flat whatever the log's size)",
        summary: "The access log as a CSV file",
        querystring: securityEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { page: _page, ...filters } = request.query;
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-disposition", `attachment; filename="security-events-${stamp}.csv"`)
        .header("cache-control", "no-store")
        .type("text/csv; charset=utf-8")
        .send(Readable.from(accessLog.csv(filters)));
    },
  );

  routes.get(
    "/admin/security/alerts",
    {
      ...adminOnly,
      schema: {
        description:
          "admins → `Page<SecurityAlert>` (`status` `open` or `acknowledged`), each with its rule, severity, subject, address and evidence (its events)",
        summary: "A page of security alerts",
        querystring: alertsQuerySchema,
        response: { 200: envelope(securityAlertPage) },
      },
    },
    async (request) => ok(await alerts.list(request.query)),
  );

  routes.post(
    "/admin/security/alerts/:id/acknowledge",
    {
      ...adminChange,
      schema: {
        description: "admins → the alert, acknowledged; 404 for an unknown one",
        summary: "Acknowledge a security alert",
        params: rowIdParams,
        response: { 200: envelope(securityAlert) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await alerts.acknowledge(id, currentUser(request).userId), securityMessages.alertAcknowledged);
    },
  );

  routes.get(
    "/admin/security/settings",
    {
      ...adminOnly,
      schema: {
        description: "admins; `{ passwordMinLength (6–64), refuseCommonPasswords, mfaRequiredForAdmins, mfaRequiredForStaff }`, audited",
        summary: "The password policy and two-step requirements",
        response: { 200: envelope(securitySettings) },
      },
    },
    async () => ok(await options.settings.current()),
  );
  routes.get(
    "/admin/security/summary",
    { ...adminOnly, schema: { summary: "What the security centre flags for admins", response: { 200: envelope(securitySummary) } } },
    async () => ok(await options.settings.summary()),
  );
  routes.put(
    "/admin/security/settings",
    {
      ...adminChange,
      schema: {
        description: "admins; `{ passwordMinLength (6–64), refuseCommonPasswords, mfaRequiredForAdmins, mfaRequiredForStaff }`, audited",
        summary: "Save the password policy and two-step requirements",
        body: securitySettingsSchema,
        response: { 200: envelope(securitySettings) },
      },
    },
    async (request) => {
      const next = request.body;
      return ok(await options.settings.update({ id: currentUser(request).userId, ipAddress: request.ip }, next), securitySettingsSaved);
    },
  );

  routes.get(
    "/admin/security/blocklist",
    {
      ...adminOnly,
      schema: {
        description:
          "admins; GET → `{ blocks }`; POST `{ address, reason, expiresAt?, alertId? }` (an IPv4 or IPv6 address or CIDR range) → 201; 409 for a range holding the admin's own address",
        summary: "The blocked addresses and ranges",
        response: { 200: envelope(addressBlocklist) },
      },
    },
    async () => ok({ blocks: await blocklist.list() }),
  );

  routes.post(
    "/admin/security/blocklist",
    {
      ...adminChange,
      schema: {
        description:
          "admins; GET → `{ blocks }`; POST `{ address, reason, expiresAt?, alertId? }` (an IPv4 or IPv6 address or CIDR range) → 201; 409 for a range holding the admin's own address",
        summary: "Block an address or range",
        body: blockSchema,
        response: { 201: envelope(addressBlock) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // Blocked from an alert: the alert must exist (and its address is what the form sent).
      if (input.alertId !== undefined) await alerts.find(input.alertId);
      const block = await blocklist.add(input, { id: currentUser(request).userId, ipAddress: request.ip });
      return reply.status(201).send(ok(block, securityMessages.blocked));
    },
  );

  routes.delete(
    "/admin/security/blocklist/:id",
    {
      ...adminChange,
      schema: {
        description: "admins: unblocks at once on every instance",
        summary: "Unblock an address or range",
        params: rowIdParams,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { id } = request.params;
      await blocklist.remove(id, { id: currentUser(request).userId, ipAddress: request.ip });
      return ok(null, securityMessages.unblocked);
    },
  );
}

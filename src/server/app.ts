import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { REALTIME_MAX_FRAME_BYTES } from "../shared/realtime.js";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { accountModule } from "./modules/account/index.js";
import { adminModule } from "./modules/admin/index.js";
import { analyticsModule } from "./modules/analytics/index.js";
import { authModule, createAuth } from "./modules/auth/index.js";
import { blogAdminModule } from "./modules/blog-admin/index.js";
import { type CallsTiming, callsModule, createCalls } from "./modules/calls/index.js";
import { contactModule } from "./modules/contact/index.js";
import { contentModule, createContentService, loadContentIfEmpty } from "./modules/content/index.js";
import { contractsModule } from "./modules/contracts/index.js";
import { inquiriesModule } from "./modules/inquiries/index.js";
import { messagesModule } from "./modules/messages/index.js";
import { createNotificationsService, notificationsModule } from "./modules/notifications/index.js";
import { officeModule } from "./modules/office/index.js";
import { outboxModule } from "./modules/outbox/index.js";
import { peopleModule } from "./modules/people/index.js";
import { projectsModule, type WeeklyReportJob } from "./modules/projects/index.js";
import {
  defaultRealtimeLimits,
  defaultRealtimeTiming,
  type RealtimeLimits,
  type RealtimeTiming,
  realtimeModule,
  tellRealtimeClientsToReconnect,
} from "./modules/realtime/index.js";
import { openAlertCount, securityModule } from "./modules/security/index.js";
import { seoModule } from "./modules/seo/index.js";
import { createResumableUploads, uploadsModule } from "./modules/uploads/index.js";
import { usersModule } from "./modules/users/index.js";
import { contentDir } from "./paths.js";
import { createAccessTokens } from "./platform/access-tokens.js";
import { createAccountAccessReader } from "./platform/account-access.js";
import { registerAddressBlocklist } from "./platform/address-blocklist.js";
import { noStoreByDefault } from "./platform/api-caching.js";
import { apiContractPlugin } from "./platform/api-contract.js";
import { apiReferenceRoutes } from "./platform/api-reference.js";
import { loadAuthSecret } from "./platform/auth-secret.js";
import { createAccessCheck, createMediaViewer, createRequireUser, createScreenViewer } from "./platform/authenticate.js";
import { registerApiEnvelope, sendApiNotFound } from "./platform/envelope.js";
import { findFfmpeg } from "./platform/ffmpeg.js";
import { healthRoutes } from "./platform/health.js";
import { registerIdempotencyKeys } from "./platform/idempotency.js";
import { errorWithoutQueryParameters } from "./platform/log-errors.js";
import { createMailer } from "./platform/mail.js";
import { refuseNulCharacters } from "./platform/nul-characters.js";
import { closeDataDir } from "./platform/private-files.js";
import { addressOf, rateLimitRefusalLog } from "./platform/rate-limit.js";
import { redisWithLocalFallback } from "./platform/rate-limit-store.js";
import { createInProcessHub } from "./platform/realtime-hub.js";
import { connectRedis, pingRedis } from "./platform/redis.js";
import { createRedisHub } from "./platform/redis-hub.js";
import { requestIdOf } from "./platform/request-ids.js";
import { schedulePurges } from "./platform/retention.js";
import { type DevServerPolicy, registerSecurityHeaders } from "./platform/security-headers.js";
import { registerStaticFiles, registerUploads } from "./platform/static-files.js";
import { filesAt, MEDIA_PREFIX, UPLOADS_PREFIX } from "./platform/storage.js";
import { createStores, moveLegacyMediaFolders, type Stores } from "./platform/stores.js";
import { registerUserAgentCut } from "./platform/user-agent-cut.js";
import { createContentVersion } from "./ssr/content-version.js";
import type { PageRenderer } from "./ssr/renderer.js";
import { pageRoutes } from "./ssr/routes.js";

/**
 * Fastify's trustProxy. A number of hops becomes the function proxy-addr makes of it (Fastify's types omit numbers):
 * the nearest `hops` addresses are proxies, so the client is the next X-Forwarded-For entry from the right.
 */
function trustedProxies(setting: Config["trustProxy"]) {
  return typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;
}

/** How often what is past its retention is purged (platform/retention.ts). */
const PURGE_EVERY_MS = 60 * 60_000;

export type AppOptions = {
  config: Config;
  /** An open, migrated database to use instead of opening the configured one (tests share one). */
  database?: Database;
  /** The built page renderer; without it the app serves the API only. */
  renderer?: PageRenderer;
  /** Where the JSON log lines go; standard output when absent. */
  logStream?: { write(line: string): void };
  /** Realtime and call timing and limits (tests lower them) and the Redis key prefix (tests use one per run). */
  realtime?: Partial<RealtimeTiming> & Partial<RealtimeLimits> & CallsTiming & { redisPrefix?: string };
  /** Where files are stored, instead of the configured stores (tests that make storage fail). */
  stores?: Stores;
  /** Handed the weekly reports' job, which then runs only when called (tests; the server's own timer runs it on Mondays). */
  takeWeeklyReportJob?: (job: WeeklyReportJob) => void;
  /** `npm run dev` (src/server/dev.ts): Vite serves the browser's modules and their hot updates, not the build. */
  devServer?: DevServerPolicy & { register: (app: FastifyInstance) => void };
};

/** Builds the whole server: API, pages, static files. Starting to listen is the caller's business. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, renderer, logStream, realtime = {} } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      serializers: { err: errorWithoutQueryParameters },
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    genReqId: requestIdOf,
    // On shutdown, requests still arriving on open connections are served (see platform/health.ts), not refused.
    return503OnClosing: false,
  });

  const ownsDatabase = !database;
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      statementTimeoutMs: config.statementTimeoutMs,
      longStatementTimeoutMs: config.longStatementTimeoutMs,
      onIdleError: (error) => app.log.warn({ err: error }, "database connection lost; it is replaced on next use"),
    }));
  if (ownsDatabase) {
    app.addHook("onClose", async () => {
      await db.close();
      // The embedded database's files as its file layer wrote them while running (0666): closed again.
      await closeDataDir(config.dataDir);
    });
    if (!config.s3) await moveLegacyMediaFolders(config.dataDir);
    const applied = await migrate(db.db);
    if (applied.length > 0) app.log.info({ applied }, "database migrated");
    if (await loadContentIfEmpty(db.db, contentDir)) app.log.info("starting content loaded");
    // After the embedded database has created its files: 0700 folders, 0600 files (docs/decisions/117-secrets-at-rest.md).
    await closeDataDir(config.dataDir);
  }

  const content = createContentService(db.db);
  const mailer = createMailer({
    db: db.db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
    printMail: config.env === "development",
    origin: config.publicOrigin,
    company: content.getCompany,
  });
  const authSecret = await loadAuthSecret(db.db, config);
  const tokens = createAccessTokens(new TextEncoder().encode(authSecret));
  const auth = await createAuth({
    db: db.db,
    mailer,
    tokens,
    authSecret,
    oidcProviders: config.oidcProviders,
    publicOrigin: config.publicOrigin,
    log: app.log,
  });
  const checkAccess = createAccessCheck(tokens, createAccountAccessReader(db.db));
  const requireUser = createRequireUser(checkAccess);
  const mediaViewer = createMediaViewer(checkAccess);
  const stores = options.stores ?? createStores(config);
  const storage = filesAt(stores.uploads, UPLOADS_PREFIX);
  const media = filesAt(stores.media, MEDIA_PREFIX);
  const realtimeTiming = { ...defaultRealtimeTiming, ...realtime };
  const redisPrefix = realtime.redisPrefix ?? config.redisKeyPrefix;
  // With REDIS_URL, events, presence and rate-limit counters are shared by every instance.
  const hub = config.redisUrl
    ? await createRedisHub(config.redisUrl, { log: app.log, prefix: redisPrefix, presenceTtlMs: 3 * realtimeTiming.keepAliveMs })
    : createInProcessHub();
  app.addHook("onClose", () => hub.close());
  // Small timeouts as @fastify/rate-limit advises; while Redis is away, limits are counted in this process.
  const rateLimitRedis = config.redisUrl
    ? await connectRedis(config.redisUrl, app.log, "rate limits", { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : null;
  if (rateLimitRedis) {
    app.addHook("onClose", async () => {
      await rateLimitRedis.quit();
    });
  }
  const notifications = createNotificationsService({ db: db.db, mailer, hub, publicOrigin: config.publicOrigin });
  const calls = createCalls({
    db: db.db,
    hub,
    notify: notifications.notify,
    log: app.log,
    ringTimeoutMs: realtime.ringTimeoutMs,
    reconnectGraceMs: realtime.reconnectGraceMs,
    aloneTimeoutMs: realtime.aloneTimeoutMs,
    aloneTimers: realtime.aloneTimers,
  });
  const secureCookies = config.publicOrigin.startsWith("https://");

  await registerSecurityHeaders(app, {
    hsts: config.publicOrigin.startsWith("https://"),
    ...(options.devServer ? { devServer: options.devServer } : {}),
  });
  registerApiEnvelope(app);
  registerUserAgentCut(app);
  // First of the request hooks after that: a blocked address is refused before any route, page or file.
  const blocklist = registerAddressBlocklist(app, { db: db.db, hub });
  // What accumulates (the access log, sign-in counters, codes, mail) is purged past its retention, hourly.
  app.addHook("onClose", schedulePurges(db.db, app.log, PURGE_EVERY_MS));
  const rateLimitRefusals = rateLimitRefusalLog(app, db.db);
  // API answers and pages of up to 64 KiB are compressed in one synchronous call (brotli at quality 4: well under a
  // millisecond): the plugin's default on 2 cores, 8 KiB, sent a page of 20 projects through a zlib stream, whose
  // set-up cost more than the compression itself (a CPU profile under load, decision 038).
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024 });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: addressOf,
    onExceeded: rateLimitRefusals.onExceeded,
    ...(rateLimitRedis
      ? {
          store: redisWithLocalFallback(rateLimitRedis, `${redisPrefix}rate-limit:`, (error) =>
            app.log.warn({ err: error }, "rate limits counted in this process while Redis is away"),
          ),
        }
      : {}),
  });
  // Before the WebSocket plugin's own hook, which closes the connections without saying why.
  app.addHook("preClose", async () => tellRealtimeClientsToReconnect(app));
  // Before the routes, so that it can answer WebSocket upgrades (and refuse them on other routes).
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_FRAME_BYTES } });
  await app.register(cookie);
  // Per-route limits are tighter; this is the ceiling for any upload.
  await app.register(multipart, { limits: { fileSize: 15 * 1024 * 1024, files: 10, fields: 20 } });
  app.decorateRequest("user", null);

  await app.register(apiContractPlugin);
  await app.register(
    async (api) => {
      noStoreByDefault(api);
      refuseNulCharacters(api);
      // Every mutating route: a repeat with the same Idempotency-Key gets the first answer (decision 148).
      registerIdempotencyKeys(api, { db: db.db });
      await api.register(apiReferenceRoutes, { open: Boolean(options.devServer), checkAccess });
      await api.register(contentModule, { content });
      await api.register(contactModule, { db: db.db, mailer, inbox: config.contactInbox, publicOrigin: config.publicOrigin });
      await api.register(authModule, { auth, db: db.db, requireUser, secureCookies });
      await api.register(usersModule, { db: db.db, mailer, storage, publicOrigin: config.publicOrigin, requireUser });
      await api.register(adminModule, {
        db: db.db,
        longDb: db.longDb,
        hub,
        storage,
        uploadsStore: stores.uploads,
        mail: mailer,
        pingRedis: rateLimitRedis ? () => rateLimitRedis.ping() : null,
        company: content.getCompany,
        notify: notifications.notify,
        requireUser,
      });
      await api.register(analyticsModule, { db: db.db, publicOrigin: config.publicOrigin, log: app.log, requireUser });
      await api.register(notificationsModule, { notifications, requireUser, openSecurityAlerts: () => openAlertCount(db.db) });
      await api.register(securityModule, {
        db: db.db,
        mailer,
        publicOrigin: config.publicOrigin,
        requestPasswordReset: auth.service.requestPasswordReset,
        providerName: auth.providerName,
        blocklistChanged: blocklist.changed,
        requireUser,
      });
      await api.register(inquiriesModule, { db: db.db, notify: notifications.notify, requireUser });
      await api.register(blogAdminModule, { db: db.db, storage, requireUser });
      await api.register(peopleModule, { db: db.db, requireUser });
      await api.register(officeModule, { db: db.db, requireUser });
      await api.register(contractsModule, {
        db: db.db,
        requireUser,
        prove: (caller, proof, origin) => auth.stepUp.prove(caller, proof, "variation_approved", origin),
        documentStorage: stores.documents,
        photoStorage: media,
        notify: notifications.notify,
        billing: content.getBillingDetails,
      });
      await api.register(outboxModule, { db: db.db, requireUser });
      await api.register(accountModule, {
        db: db.db,
        longDb: db.longDb,
        mailer,
        storage,
        mfa: auth.mfa,
        publicOrigin: config.publicOrigin,
        requireUser,
      });
      await api.register(messagesModule, { db: db.db, attachments: media, hub, notify: notifications.notify, requireUser, mediaViewer });
      await api.register(realtimeModule, {
        hub,
        frameHandlers: calls.frameHandlers,
        onConnectionClosed: calls.connectionClosed,
        onAccessChanged: calls.accessChanged,
        checkAccess,
        isSessionOpen: auth.service.isSessionOpen,
        requireUser,
        timing: realtimeTiming,
        limits: { ...defaultRealtimeLimits, ...realtime },
      });
      await api.register(callsModule, { calls, db: db.db, hub, turn: config.turn, requireUser });
      const uploads = await createResumableUploads({ db: db.db, config, log: app.log });
      await api.register(uploadsModule, { db: db.db, uploads, requireUser });
      await api.register(projectsModule, {
        db: db.db,
        notifications,
        hub,
        photoStorage: media,
        documentStorage: stores.documents,
        requireUser,
        mediaViewer,
        mailer,
        publicOrigin: config.publicOrigin,
        ffmpeg: findFfmpeg(config.ffmpegPath),
        signingSecret: authSecret,
        scheduleWeeklyReports: config.env !== "test",
        takeWeeklyReportJob: options.takeWeeklyReportJob,
        takeUploads: uploads.takeFinished,
      });
      // Any other path under /api is no route of the API: not part of its document.
      api.all("/*", { schema: { hide: true } }, async (request, reply) => sendApiNotFound(reply, request.url.split("?")[0] ?? request.url));
    },
    { prefix: "/api" },
  );
  await app.register(healthRoutes, {
    checks: [
      { name: "database", required: true, check: db.ping },
      { name: "storage", required: true, check: () => Promise.all(Object.values(stores).map((store) => store.ping())).then(() => {}) },
      ...(config.redisUrl ? [{ name: "redis", required: false, check: hub.ping }] : []),
      ...(rateLimitRedis ? [{ name: "redis rate limits", required: false, check: () => pingRedis(rateLimitRedis) }] : []),
    ],
  });
  await app.register(seoModule, { content, publicOrigin: config.publicOrigin });
  if (options.devServer) options.devServer.register(app);
  else await registerStaticFiles(app, config.clientDir);
  registerUploads(app, stores.uploads);
  if (renderer) {
    await app.register(pageRoutes, {
      renderer,
      publicOrigin: config.publicOrigin,
      contentVersion: createContentVersion(db.db),
      screenViewer: createScreenViewer(checkAccess),
    });
  }

  return app;
}

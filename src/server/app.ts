import path from "node:path";
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
import { accountRoutes } from "./modules/account/routes.js";
import { createAccountService } from "./modules/account/service.js";
import { createAccessTokens } from "./modules/auth/access-tokens.js";
import { createMfaService } from "./modules/auth/mfa.js";
import { authRoutes } from "./modules/auth/routes.js";
import { randomToken } from "./modules/auth/secrets.js";
import { createAuthService } from "./modules/auth/service.js";
import { blogAdminRoutes } from "./modules/blog-admin/routes.js";
import { createBlogAdminService } from "./modules/blog-admin/service.js";
import { contactRoutes } from "./modules/contact/routes.js";
import { createContactService } from "./modules/contact/service.js";
import { loadContentIfEmpty } from "./modules/content/load-content.js";
import { contentRoutes } from "./modules/content/routes.js";
import { createContentService } from "./modules/content/service.js";
import { inquiriesRoutes } from "./modules/inquiries/routes.js";
import { createInquiriesService } from "./modules/inquiries/service.js";
import { conversationsRoutes } from "./modules/messages/routes.js";
import { createConversationsService } from "./modules/messages/service.js";
import { notificationsRoutes } from "./modules/notifications/routes.js";
import { createNotificationsService } from "./modules/notifications/service.js";
import { officeRoutes } from "./modules/office/routes.js";
import { createOfficeService } from "./modules/office/service.js";
import { peopleRoutes } from "./modules/people/routes.js";
import { createPeopleService } from "./modules/people/service.js";
import { projectsModule } from "./modules/projects/module.js";
import { defaultRealtimeTiming, type RealtimeTiming } from "./modules/realtime/connection.js";
import { realtimeRoutes } from "./modules/realtime/routes.js";
import { seoRoutes } from "./modules/seo/routes.js";
import { usersRoutes } from "./modules/users/routes.js";
import { createUsersService } from "./modules/users/service.js";
import { contentDir } from "./paths.js";
import { createAccessCheck, createRequireUser } from "./platform/authenticate.js";
import { registerApiEnvelope, sendApiNotFound } from "./platform/envelope.js";
import { createMailer } from "./platform/mail.js";
import { createPrivateDiskStorage } from "./platform/private-storage.js";
import { createInProcessHub } from "./platform/realtime-hub.js";
import { connectRedis } from "./platform/redis.js";
import { createRedisHub } from "./platform/redis-hub.js";
import { registerSecurityHeaders } from "./platform/security-headers.js";
import { readOrCreateSetting } from "./platform/settings.js";
import { registerStaticFiles, registerUploads } from "./platform/static-files.js";
import { createDiskStorage } from "./platform/storage.js";
import type { PageRenderer } from "./ssr/renderer.js";
import { pageRoutes } from "./ssr/routes.js";

export type AppOptions = {
  config: Config;
  /** An open, migrated database to use instead of opening the configured one (tests share one). */
  database?: Database;
  /** The built page renderer; without it the app serves the API only. */
  renderer?: PageRenderer;
  /** Where the JSON log lines go; standard output when absent. */
  logStream?: { write(line: string): void };
  /** Realtime timing (tests shorten it) and the Redis key prefix (tests use one per run). */
  realtime?: Partial<RealtimeTiming> & { redisPrefix?: string };
};

/** Builds the whole server: API, pages, static files. Starting to listen is the caller's business. */
export async function buildApp({ config, database, renderer, logStream, realtime = {} }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
  });

  const ownsDatabase = !database;
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDatabase) {
    app.addHook("onClose", () => db.close());
    const applied = await migrate(db.db);
    if (applied.length > 0) app.log.info({ applied }, "database migrated");
    if (await loadContentIfEmpty(db.db, contentDir)) app.log.info("starting content loaded");
  }

  const mailer = createMailer({ db: db.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const content = createContentService(db.db);
  const contact = createContactService({ db: db.db, mailer, inbox: config.contactInbox, publicOrigin: config.publicOrigin });
  const authSecret = config.authSecret ?? (await readOrCreateSetting(db.db, "auth_secret", () => randomToken(48)));
  const tokens = createAccessTokens(new TextEncoder().encode(authSecret));
  const mfa = createMfaService(db.db);
  const auth = createAuthService({ db: db.db, mailer, tokens, mfa, publicOrigin: config.publicOrigin });
  const requireUser = createRequireUser(tokens, auth.isSessionOpen);
  const uploadsDir = path.join(config.dataDir, "uploads");
  const storage = createDiskStorage(uploadsDir);
  const usersService = createUsersService({ db: db.db, mailer, storage, publicOrigin: config.publicOrigin });
  const realtimeTiming = { ...defaultRealtimeTiming, ...realtime };
  const redisPrefix = realtime.redisPrefix ?? "crestbuild:";
  // With REDIS_URL, events, presence and rate-limit counters are shared by every instance.
  const hub = config.redisUrl
    ? await createRedisHub(config.redisUrl, { log: app.log, prefix: redisPrefix, presenceTtlMs: 3 * realtimeTiming.keepAliveMs })
    : createInProcessHub();
  app.addHook("onClose", () => hub.close());
  // Small timeouts as @fastify/rate-limit advises; skipOnError keeps the site up (unlimited) while Redis is away.
  const rateLimitRedis = config.redisUrl
    ? await connectRedis(config.redisUrl, app.log, "rate limits", { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : null;
  if (rateLimitRedis) {
    app.addHook("onClose", async () => {
      await rateLimitRedis.quit();
    });
  }
  const notifications = createNotificationsService({ db: db.db, mailer, hub, publicOrigin: config.publicOrigin });
  const inquiries = createInquiriesService({ db: db.db, notify: notifications.notify });
  const blogAdmin = createBlogAdminService({ db: db.db, storage });
  const people = createPeopleService(db.db);
  const office = createOfficeService(db.db);
  const account = createAccountService({ db: db.db, mailer, storage, mfa, publicOrigin: config.publicOrigin });
  const conversations = createConversationsService({
    db: db.db,
    storage,
    hub,
    notify: notifications.notify,
    log: app.log,
  });
  const secureCookies = config.publicOrigin.startsWith("https://");

  await registerSecurityHeaders(app, { hsts: config.publicOrigin.startsWith("https://") });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `${redisPrefix}rate-limit:`, skipOnError: true } : {}),
  });
  // Before the routes, so that it can answer WebSocket upgrades (and refuse them on other routes).
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_FRAME_BYTES } });
  await app.register(cookie);
  // Per-route limits are tighter; this is the ceiling for any upload.
  await app.register(multipart, { limits: { fileSize: 15 * 1024 * 1024, files: 10, fields: 20 } });
  app.decorateRequest("user", null);
  registerApiEnvelope(app);

  await app.register(
    async (api) => {
      await api.register(contentRoutes, { content });
      await api.register(contactRoutes, { contact });
      await api.register(authRoutes, { auth, mfa, requireUser, secureCookies });
      await api.register(usersRoutes, { users: usersService, requireUser });
      await api.register(notificationsRoutes, { notifications, requireUser });
      await api.register(inquiriesRoutes, { inquiries, requireUser });
      await api.register(blogAdminRoutes, { blog: blogAdmin, requireUser });
      await api.register(peopleRoutes, { people, requireUser });
      await api.register(officeRoutes, { office, requireUser });
      await api.register(accountRoutes, { account, requireUser });
      await api.register(conversationsRoutes, { conversations, requireUser });
      await api.register(realtimeRoutes, {
        hub,
        checkAccess: createAccessCheck(tokens, auth.isSessionOpen),
        isSessionOpen: auth.isSessionOpen,
        requireUser,
        timing: realtimeTiming,
      });
      await api.register(projectsModule, {
        db: db.db,
        notifications,
        hub,
        photoStorage: storage,
        documentStorage: createPrivateDiskStorage(path.join(config.dataDir, "documents")),
        requireUser,
      });
      api.all("/*", async (request, reply) => sendApiNotFound(reply, request.url.split("?")[0] ?? request.url));
    },
    { prefix: "/api" },
  );
  await app.register(seoRoutes, { content, publicOrigin: config.publicOrigin });
  await registerStaticFiles(app, config.clientDir);
  await registerUploads(app, uploadsDir);
  if (renderer) await app.register(pageRoutes, { renderer, publicOrigin: config.publicOrigin });

  return app;
}

import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { migrate } from "./db/migrate.js";
import { createAccessTokens } from "./modules/auth/access-tokens.js";
import { createMfaService } from "./modules/auth/mfa.js";
import { authRoutes } from "./modules/auth/routes.js";
import { randomToken } from "./modules/auth/secrets.js";
import { createAuthService } from "./modules/auth/service.js";
import { contactRoutes } from "./modules/contact/routes.js";
import { createContactService } from "./modules/contact/service.js";
import { loadContentIfEmpty } from "./modules/content/load-content.js";
import { contentRoutes } from "./modules/content/routes.js";
import { createContentService } from "./modules/content/service.js";
import { notificationsRoutes } from "./modules/notifications/routes.js";
import { createNotificationsService } from "./modules/notifications/service.js";
import { projectsModule } from "./modules/projects/module.js";
import { seoRoutes } from "./modules/seo/routes.js";
import { usersRoutes } from "./modules/users/routes.js";
import { createUsersService } from "./modules/users/service.js";
import { contentDir } from "./paths.js";
import { createRequireUser } from "./platform/authenticate.js";
import { registerApiEnvelope, sendApiNotFound } from "./platform/envelope.js";
import { createMailer } from "./platform/mail.js";
import { createPrivateDiskStorage } from "./platform/private-storage.js";
import { createInProcessHub } from "./platform/realtime-hub.js";
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
};

/** Builds the whole server: API, pages, static files. Starting to listen is the caller's business. */
export async function buildApp({ config, database, renderer, logStream }: AppOptions): Promise<FastifyInstance> {
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
  const uploads = createDiskStorage(uploadsDir);
  const usersService = createUsersService({ db: db.db, mailer, storage: uploads, publicOrigin: config.publicOrigin });
  const hub = createInProcessHub();
  app.addHook("onClose", () => hub.close());
  const notifications = createNotificationsService({ db: db.db, mailer, hub, publicOrigin: config.publicOrigin });
  const secureCookies = config.publicOrigin.startsWith("https://");

  await registerSecurityHeaders(app, { hsts: config.publicOrigin.startsWith("https://") });
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
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
      await api.register(projectsModule, {
        db: db.db,
        notifications,
        hub,
        photoStorage: uploads,
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

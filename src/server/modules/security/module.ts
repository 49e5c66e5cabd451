import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { RequireUser } from "../../platform/authenticate.js";
import type { Mailer } from "../../platform/mail.js";
import { onSecurityEvent, type RequestOrigin } from "../../platform/security-log.js";
import { createAccessLog } from "./access-log.js";
import { createAlerts } from "./alerts.js";
import { createBlocklist } from "./blocklist.js";
import { createMethodsReview } from "./methods-review.js";
import { createNotMe } from "./not-me.js";
import { createSecurityNotices } from "./notices.js";
import { securityRoutes } from "./routes.js";
import { createSecuritySettings } from "./settings.js";
import { createSignInMethods } from "./sign-in-methods.js";

export type SecurityModuleOptions = {
  db: AppDb;
  mailer: Mailer;
  publicOrigin: string;
  requestPasswordReset: (email: string, origin: RequestOrigin) => Promise<void>;
  /** An identity provider's display name, by its id. */
  providerName: (provider: string) => string;
  blocklistChanged: () => Promise<void>;
  requireUser: RequireUser;
};

/**
 * The security centre (docs/product.md#security-centre) under /api: the access log, the alerts the threat rules raise,
 * the blocklist's administration, and the emails that follow security events (heard from its registration until the
 * app closes). The rules themselves run where events are written (platform/security-log.ts) and the blocklist is
 * enforced at the root (platform/address-blocklist.ts).
 */
export async function securityModule(app: FastifyInstance, { requireUser, ...deps }: SecurityModuleOptions) {
  const { db } = deps;
  const alerts = createAlerts(db);
  const methods = createSignInMethods(db, deps.providerName);
  const stopListening = onSecurityEvent(db, createSecurityNotices({ ...deps, log: app.log, alerts }));
  app.addHook("onClose", async () => stopListening());
  await app.register(securityRoutes, {
    accessLog: createAccessLog(db),
    alerts,
    blocklist: createBlocklist({ db, changed: deps.blocklistChanged }),
    notMe: createNotMe({ ...deps, methods }),
    methodsReview: createMethodsReview(db, methods),
    settings: createSecuritySettings(db),
    requireUser,
  });
}

/** Open alerts, counted on admins' bell. */
export const openAlertCount = (db: AppDb) => createAlerts(db).openCount();

import type { FastifyBaseLogger } from "fastify";
import type { AppDb } from "../../db/client.js";
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

/**
 * The security centre (docs/product.md#security-centre): the access log, the alerts the threat rules raise, the
 * blocklist's administration, and the emails that follow security events. The rules themselves run where events
 * are written (platform/security-log.ts) and the blocklist is enforced at the root (platform/address-blocklist.ts).
 */
export function securityModule(deps: {
  db: AppDb;
  mailer: Mailer;
  publicOrigin: string;
  log: FastifyBaseLogger;
  requestPasswordReset: (email: string, origin: RequestOrigin) => Promise<void>;
  /** An identity provider's display name, by its id. */
  providerName: (provider: string) => string;
  blocklistChanged: () => Promise<void>;
}) {
  const { db } = deps;
  const alerts = createAlerts(db);
  const methods = createSignInMethods(db, deps.providerName);
  const stopListening = onSecurityEvent(db, createSecurityNotices({ ...deps, alerts }));
  return {
    routes: securityRoutes,
    routeOptions: {
      accessLog: createAccessLog(db),
      alerts,
      blocklist: createBlocklist({ db, changed: deps.blocklistChanged }),
      notMe: createNotMe({ ...deps, methods }),
      methodsReview: createMethodsReview(db, methods),
      settings: createSecuritySettings(db),
    },
    /** Open alerts, counted on admins' bell. */
    openAlertCount: alerts.openCount,
    stop: stopListening,
  };
}

/** One CSV cell, quoted when needed and never a spreadsheet formula: every CSV export of the API writes its cells with it. */

import type { SecuritySettings } from "../../../shared/security.js";
import type { AppDb } from "../../db/client.js";
import { readSecuritySettings, writeSecuritySettings } from "../../platform/site-settings.js";
import { type AdminActor, recordAdminAction } from "../admin/index.js";

/** The password policy and two-step requirements: read on every use (a change holds at once everywhere), changes audited. */
export function createSecuritySettings(db: AppDb) {
  return {
    current: () => readSecuritySettings(db),
    async update(actor: AdminActor, next: SecuritySettings): Promise<SecuritySettings> {
      await db.transaction(async (tx) => {
        const before = await readSecuritySettings(tx);
        await writeSecuritySettings(tx, next);
        await recordAdminAction(tx, actor, { action: "security_settings.changed", before, after: next });
      });
      return next;
    },
  };
}

export type SecuritySettingsStore = ReturnType<typeof createSecuritySettings>;

import type { SecuritySettings, SecuritySummary } from "../../../shared/security.js";
import type { AppDb } from "../../db/client.js";
import { readSecuritySettings, writeSecuritySettings } from "../../platform/site-settings.js";
import { type AdminActor, adminsWithoutTwoStep, recordAdminAction } from "../admin/index.js";

/** The password policy and two-step requirements: read on every use (a change holds at once everywhere), changes audited. */
export function createSecuritySettings(db: AppDb) {
  return {
    current: () => readSecuritySettings(db),
    /** What the security centre flags: the admins without two-step sign-in, and whether it is required of them. */
    async summary(): Promise<SecuritySummary> {
      const [admins, settings] = await Promise.all([adminsWithoutTwoStep(db), readSecuritySettings(db)]);
      return { adminsWithoutTwoStep: admins, mfaRequiredForAdmins: settings.mfaRequiredForAdmins };
    },
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

import { inArray } from "drizzle-orm";
import type { PublicContact, SiteSettings } from "../../shared/admin.js";
import { parseSecuritySettings, type SecuritySettings } from "../../shared/security.js";
import type { AppDb } from "../db/client.js";
import { settings } from "../db/schema.js";
import { readSetting, writeSetting } from "./settings.js";

/**
 * The admin's settings, one row each in the settings table, read from the database on every use: a change
 * holds at once on every instance. (registration_enabled is the key sign-up has always read.)
 */
export const siteSettingKeys = {
  registrationOpen: "registration_enabled",
  staffApprovalRequired: "staff_approval_required",
  contact: "public_contact",
  maintenanceBanner: "maintenance_banner",
} as const satisfies Record<keyof SiteSettings, string>;

/** The stored settings; contact is null until an admin sets it (the public pages then show content/company.json's). */
export type StoredSiteSettings = Omit<SiteSettings, "contact"> & { contact: PublicContact | null };

export async function readSiteSettings(db: AppDb): Promise<StoredSiteSettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(siteSettingKeys)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const read = <T>(key: keyof SiteSettings, fallback: T) =>
    stored.has(siteSettingKeys[key]) ? (stored.get(siteSettingKeys[key]) as T) : fallback;
  return {
    registrationOpen: read("registrationOpen", true),
    staffApprovalRequired: read("staffApprovalRequired", true),
    contact: read<PublicContact | null>("contact", null),
    maintenanceBanner: read("maintenanceBanner", ""),
  };
}

export async function writeSiteSettings(db: AppDb, next: SiteSettings) {
  await db.transaction(async (tx) => {
    for (const key of Object.keys(siteSettingKeys) as (keyof SiteSettings)[]) await writeSetting(tx, siteSettingKeys[key], next[key]);
  });
}

/** The security centre's settings: one more row of the same table (password policy, two-step requirements). */
export const SECURITY_SETTINGS_KEY = "security_settings";

export async function readSecuritySettings(db: AppDb): Promise<SecuritySettings> {
  return parseSecuritySettings(await readSetting<unknown>(db, SECURITY_SETTINGS_KEY, {}));
}

export async function writeSecuritySettings(db: AppDb, next: SecuritySettings) {
  await writeSetting(db, SECURITY_SETTINGS_KEY, next);
}

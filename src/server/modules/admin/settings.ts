import type { PublicContact, SiteSettings } from "../../../shared/admin.js";
import type { Company } from "../../../shared/content.js";
import type { AppDb } from "../../db/client.js";
import { readSiteSettings, writeSiteSettings } from "../../platform/site-settings.js";
import { type AdminActor, recordAdminAction } from "./audit-log.js";

const contactOf = ({ phone, email, enquiriesEmail, address }: Company): PublicContact => ({
  phone,
  email,
  enquiriesEmail,
  street: address.street,
  locality: address.locality,
  region: address.region,
  postalCode: address.postalCode,
});

/**
 * GET/PUT /api/admin/settings. The public contact details are the ones the public pages show now (the admin's
 * once set, content/company.json's before). Every change is audited; the public pages of every instance show it on their next request (the content version).
 */
export function createAdminSettings(deps: { db: AppDb; company: () => Promise<Company> }) {
  const { db } = deps;

  async function current(): Promise<SiteSettings> {
    const [stored, company] = await Promise.all([readSiteSettings(db), deps.company()]);
    return { ...stored, contact: contactOf(company) };
  }

  return {
    current,
    async update(actor: AdminActor, next: SiteSettings): Promise<SiteSettings> {
      const before = await current();
      await db.transaction(async (tx) => {
        await writeSiteSettings(tx, next);
        await recordAdminAction(tx, actor, { action: "settings.changed", before, after: next });
      });
      return next;
    },
  };
}

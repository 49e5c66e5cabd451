import { z } from "zod";

/** One identity provider from OIDC_PROVIDERS (its endpoints come from the issuer's discovery document). */
export type OidcProviderConfig = { id: string; name: string; issuer: string; clientId: string; clientSecret: string };

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** https, or http on this machine only (a provider run locally for tests). */
const issuerUrl = z.string({ error: "issuer must be a URL" }).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || (url.protocol === "http:" && loopbackHosts.has(url.hostname));
  } catch {
    return false;
  }
}, "issuer must be an https URL such as https://accounts.google.com");

const providerSchema = z.object({
  id: z
    .string({ error: "id must be a string" })
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "id must be 1 to 32 lower-case letters, digits or hyphens"),
  name: z.string({ error: "name must be a string" }).trim().min(1, "name must not be empty").max(40, "name must be at most 40 characters"),
  issuer: issuerUrl,
  clientId: z.string({ error: "clientId must be a string" }).min(1, "clientId must not be empty"),
  clientSecret: z.string({ error: "clientSecret must be a string" }).min(1, "clientSecret must not be empty"),
});

const shape = 'must be a JSON array of { "id", "name", "issuer", "clientId", "clientSecret" }';

/** Parses OIDC_PROVIDERS, or answers what is wrong with it in words (without echoing the secrets). */
export function parseOidcProviders(value: string): OidcProviderConfig[] | string {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return `${shape} (it is not valid JSON)`;
  }
  if (!Array.isArray(json)) return shape;
  const providers: OidcProviderConfig[] = [];
  for (const [index, entry] of json.entries()) {
    const parsed = providerSchema.safeParse(entry);
    if (!parsed.success) return `${shape}: entry ${index + 1} ${parsed.error.issues[0]?.message ?? "is invalid"}`;
    if (providers.some((provider) => provider.id === parsed.data.id)) return `${shape}: the id "${parsed.data.id}" appears twice`;
    providers.push(parsed.data);
  }
  return providers;
}

import { startIdentityProvider } from "../src/server/testing/identity-provider";
import { E2E_ORIGIN } from "./site-under-test";

/** The journeys' OpenID Connect provider (a real `oidc-provider`) on a loopback port next to the site's. */
// Two thousand above the site's port: 3100 + 1000 would be 4190 for some checkouts, a port browsers refuse (ManageSieve).
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000);
export const E2E_PROVIDER = { id: "local", name: "Local ID" };

/** The site's OIDC_PROVIDERS entry for it (the client's secret is the provider's default for tests). */
export const e2eProviderEntry = (clientSecret = "test-client-secret-0123456789") => ({
  ...E2E_PROVIDER,
  issuer: `http://127.0.0.1:${E2E_OIDC_PORT}`,
  clientId: "crestbuild",
  clientSecret,
});

/** Playwright global setup: the provider runs for the whole run; it knows the site's redirect URI. */
export default async function startE2eIdentityProvider() {
  const provider = await startIdentityProvider({
    port: E2E_OIDC_PORT,
    redirectUris: [`${E2E_ORIGIN}/api/auth/oidc/${E2E_PROVIDER.id}/callback`],
  });
  return provider.close;
}

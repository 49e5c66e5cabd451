import * as client from "openid-client";
import type { OidcProviderConfig } from "../../../oidc-providers-config.js";

/** What a verified ID token (and the provider's userinfo endpoint) tells us about the person. */
export type ProviderIdentity = { subject: string; email: string | null; emailVerified: boolean; firstName: string; lastName: string };

/** The round trip's secrets, kept on the server until the provider sends the browser back. */
export type AuthorizationChecks = { state: string; nonce: string; codeVerifier: string };

const SCOPE = "openid email profile";

/** The configured identity providers: discovery once (retried after a failure), the authorization URL, the code exchange. */
export function createOidcProviders(providers: OidcProviderConfig[], publicOrigin: string) {
  const discovered = new Map<string, Promise<client.Configuration>>();
  const redirectUri = (id: string) => `${publicOrigin}/api/auth/oidc/${id}/callback`;

  function configurationOf(provider: OidcProviderConfig) {
    let configuration = discovered.get(provider.id);
    if (!configuration) {
      const issuer = new URL(provider.issuer);
      // Plain http is accepted by the configuration only for a provider on this machine (tests).
      const execute = issuer.protocol === "http:" ? [client.allowInsecureRequests] : [];
      configuration = client.discovery(issuer, provider.clientId, provider.clientSecret, undefined, { execute, timeout: 10 });
      configuration.catch(() => discovered.delete(provider.id));
      discovered.set(provider.id, configuration);
    }
    return configuration;
  }

  return {
    list: () => providers.map(({ id, name }) => ({ id, name })),
    find: (id: string) => providers.find((provider) => provider.id === id) ?? null,

    /** The provider's sign-in page, with PKCE (S256), state and nonce. */
    async authorizationUrl(provider: OidcProviderConfig): Promise<{ url: string; checks: AuthorizationChecks }> {
      const configuration = await configurationOf(provider);
      const checks = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider.id),
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
      });
      return { url: url.href, checks };
    },

    /**
     * Swaps the code for tokens; openid-client checks the state, the PKCE verifier, and the ID token's signature,
     * issuer, audience, expiry and nonce. The email is read from the userinfo endpoint when the ID token lacks it.
     * Any failure throws.
     */
    async exchange(provider: OidcProviderConfig, callbackQuery: string, checks: AuthorizationChecks): Promise<ProviderIdentity> {
      const configuration = await configurationOf(provider);
      const tokens = await client.authorizationCodeGrant(configuration, new URL(`${redirectUri(provider.id)}?${callbackQuery}`), {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error("the provider sent no ID token");
      // In the code flow a conformant provider puts the scopes' claims at its userinfo endpoint, not in the ID token;
      // openid-client checks there that the answer is about the ID token's subject.
      const hasEmail = idToken.email !== undefined && idToken.email_verified !== undefined;
      const userInfo: Record<string, unknown> = hasEmail ? {} : await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      // The address and its verification come together from one answer; a name from either.
      const emailClaims: Record<string, unknown> = hasEmail ? idToken : userInfo;
      const claims: Record<string, unknown> = { ...userInfo, ...idToken };
      const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
      const email = text(emailClaims.email).toLowerCase();
      return {
        subject: idToken.sub,
        email: email || null,
        emailVerified: emailClaims.email_verified === true,
        firstName: text(claims.given_name) || text(claims.name).split(" ")[0] || "",
        lastName: text(claims.family_name) || text(claims.name).split(" ").slice(1).join(" ") || "",
      };
    },
  };
}

export type OidcProviders = ReturnType<typeof createOidcProviders>;

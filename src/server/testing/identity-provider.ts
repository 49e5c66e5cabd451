import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";

/** A person at the test provider: the login typed on its sign-in page is their subject. */
export type ProviderPerson = { email?: string; email_verified?: boolean; given_name?: string; family_name?: string };

export type IdentityProviderOptions = {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris: string[];
  /**
   * Where the email and profile claims go: in the ID token, like Google (the default here), or only at the userinfo
   * endpoint, as OpenID Connect says for the code flow (the package's own default, 'conformant').
   */
  claims?: "in_id_token" | "conformant";
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1 for tests and journeys: its own sign-in
 * page (any login, any password), no consent screen, and a hook to tamper with the next ID token it issues.
 */
export async function startIdentityProvider({
  port = 0,
  clientId = "crestbuild",
  clientSecret = "test-client-secret-0123456789",
  redirectUris,
  claims = "in_id_token",
}: IdentityProviderOptions) {
  const people = new Map<string, ProviderPerson>();
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, token_endpoint_auth_method: "client_secret_post" },
    ],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    // Like Google, the ID token itself carries the email and profile claims; conformant, only the userinfo endpoint.
    conformIdTokenClaims: claims === "conformant",
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: `${sub}@provider.test`,
        email_verified: true,
        given_name: "Test",
        family_name: "Person",
        ...people.get(sub),
      }),
    }),
    // Consent is taken as given: the journeys go from the provider's sign-in page straight back.
    loadExistingGrant: async (context: KoaContextWithOIDC) => {
      const { client, session } = context.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new context.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  });
  // The next ID token is re-signed with the provider's own key after `tamper` changed its claims.
  provider.use(async (context, next) => {
    await next();
    const body = context.body as { id_token?: string } | undefined;
    if (context.path !== "/token" || !tamper || !body?.id_token) return;
    const claims = tamper(decodeJwt(body.id_token) as Record<string, unknown>);
    tamper = null;
    body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: jwk.kid }).sign(privateKey);
  });
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    /** The OIDC_PROVIDERS entry for this provider. */
    entry: (id: string, name: string) => ({ id, name, issuer, clientId, clientSecret }),
    person: (login: string, details: ProviderPerson) => people.set(login, details),
    tamperNextIdToken: (change: (claims: Record<string, unknown>) => Record<string, unknown>) => {
      tamper = change;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type IdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;

/** Follows redirects by hand, keeping the provider's cookies, through its sign-in page: answers where it sends the browser back. */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const origin = new URL(authorizationUrl).origin;
  let response = await request(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, origin);
      if (next.origin !== origin) return next;
      response = await request(next.href);
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1] ?? "login";
    response = await request(new URL(action, origin).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ prompt, login, password: "any" }).toString(),
    });
  }
  throw new Error("the provider never sent the browser back");
}

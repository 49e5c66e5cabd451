/**
 * What the journeys know of the site they drive (playwright.config.ts starts it): its first admin,
 * created by `create-admin` before the server starts, and the secret its access tokens are signed with.
 */
export const E2E_ADMIN = { email: "admin@crestbuild.test", firstName: "Amaka", lastName: "Obi", password: "Zuma-rock-2026!" };

/**
 * Where the journeys reach the site, its PUBLIC_ORIGIN too: a host name, not 127.0.0.1, because WebAuthn refuses an
 * IP address as relying-party id (the passkeys journey); `localhost` is a secure context over plain http.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

export const E2E_AUTH_SECRET = "e2e-only-secret-that-is-long-enough-for-hs256";

/** The coturn of the relayed calls journey (e2e/coturn.ts): its port beside this checkout's E2E_PORT, and its shared secret. */
export const E2E_TURN_PORT = Number(process.env.E2E_TURN_PORT ?? E2E_PORT + 200);
export const E2E_TURN_SECRET = "e2e-only-coturn-static-auth-secret";

/**
 * What the journeys know of the site they drive (playwright.config.ts starts it): its first admin,
 * created by `create-admin` before the server starts, and the secret its access tokens are signed with.
 */
export const E2E_ADMIN = { email: "admin@crestbuild.test", firstName: "Amaka", lastName: "Obi", password: "Zuma-rock-2026!" };

export const E2E_AUTH_SECRET = "e2e-only-secret-that-is-long-enough-for-hs256";

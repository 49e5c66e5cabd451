import { describe, expect, it } from "vitest";
import { REFRESH_TOKEN_IN_BODY_HEADER } from "../../../shared/auth.js";
import { TEST_PASSWORD } from "../../testing/accounts.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";

const { call, registerVerified } = setUpTestServer();

/** The refresh token the answer set in the httpOnly cookie. */
function cookieToken(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith("cb_refresh="));
  expect(cookie).toMatch(/HttpOnly/i);
  return (cookie ?? "").split(";")[0]?.slice("cb_refresh=".length) ?? "";
}

describe("the refresh token stays out of page scripts' reach", () => {
  it("leaves it out of complete-login's JSON when it travels in the cookie", async () => {
    await registerVerified("browser@example.com");
    const checked = await call("/auth/verify-credentials", { email: "browser@example.com", password: TEST_PASSWORD });
    const completed = await call("/auth/complete-login", { userId: checked.body.data.userId, ticket: checked.body.data.ticket });
    expect(completed.status).toBe(200);
    expect(completed.body.data.accessToken).toBeTruthy();
    expect(completed.body.data).not.toHaveProperty("refreshToken");
    expect(completed.raw.toString()).not.toContain(cookieToken(completed.headers));
  });

  it("leaves it out of login's and the cookie refresh's JSON", async () => {
    await registerVerified("tab@example.com");
    const login = await call("/auth/login", { email: "tab@example.com", password: TEST_PASSWORD });
    expect(login.body.data).not.toHaveProperty("refreshToken");
    const refreshed = await call("/auth/refresh", {}, { cookie: `cb_refresh=${cookieToken(login.headers)}` });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data).not.toHaveProperty("refreshToken");
    expect(refreshed.raw.toString()).not.toContain(cookieToken(refreshed.headers));
  });

  it("still gives API clients the token in the body: asked for at sign-in, then whenever they send it in the body", async () => {
    await registerVerified("script@example.com");
    const login = await call(
      "/auth/login",
      { email: "script@example.com", password: TEST_PASSWORD },
      { [REFRESH_TOKEN_IN_BODY_HEADER]: "body" },
    );
    expect(login.body.data.refreshToken).toBeTruthy();
    const refreshed = await call("/auth/refresh", { refreshToken: login.body.data.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.refreshToken).toBeTruthy();
  });
});

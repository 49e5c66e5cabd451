import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MFA_ENROLMENT_REQUIRED, mfaEnrolmentRequiredMessage } from "../../../shared/auth-messages";
import { apiDownload, apiRequest, attachmentFileName } from "./client";
import { type Answer, connect, failure, ok, serve, settle } from "./fake-api";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("access token (docs/product.md#sessions)", () => {
  it("sends the Bearer token, except on the sign-in, sign-up and session calls", async () => {
    connect("abc");
    const calls = serve(ok(1), ok(2), ok(3), ok(4), ok(5));
    await apiRequest("GET", "/projects");
    await apiRequest("GET", "/auth/profile");
    await apiRequest("POST", "/auth/change-password", {});
    await apiRequest("POST", "/auth/refresh", {});
    await apiRequest("POST", "/auth/verify-credentials", {});
    expect(calls.map((call) => call.authorization)).toEqual(["Bearer abc", "Bearer abc", "Bearer abc", null, null]);
  });

  it("renews the token once after a 401 and repeats the request with the new one", async () => {
    const state = connect("old");
    const calls = serve(failure(401, "Authentication failed. Please log in again."), ok("data"));
    await expect(apiRequest("GET", "/projects")).resolves.toBe("data");
    expect(state.refreshes).toBe(1);
    expect(calls.map((call) => call.authorization)).toEqual(["Bearer old", "Bearer renewed"]);
  });

  it("tells the session when the server asks for the two-step enrolment first (and neither renews nor forgets it)", async () => {
    const state = connect("abc");
    serve(failure(403, "Access denied. You don't have permission to access this resource."));
    await expect(apiRequest("GET", "/admin/users")).rejects.toMatchObject({ status: 403 });
    expect(state.mfaEnrolmentRequired).toBe(false);
    serve({ status: 403, body: { success: false, data: null, message: mfaEnrolmentRequiredMessage, error: MFA_ENROLMENT_REQUIRED } });
    await expect(apiRequest("GET", "/projects")).rejects.toMatchObject({ status: 403, message: mfaEnrolmentRequiredMessage });
    expect(state).toMatchObject({ mfaEnrolmentRequired: true, refreshes: 0, expired: false });
  });

  it("forgets the session when it cannot be renewed", async () => {
    const state = connect("old", "expired");
    serve(failure(401, "Authentication failed. Please log in again."));
    await expect(apiRequest("GET", "/projects")).rejects.toMatchObject({ status: 401 });
    expect(state.expired).toBe(true);
  });

  it("forgets the session when the repeated request is refused too, without a second refresh", async () => {
    const state = connect("old");
    serve(failure(401, null), failure(401, null));
    await expect(apiRequest("GET", "/projects")).rejects.toMatchObject({ status: 401 });
    expect(state).toMatchObject({ refreshes: 1, expired: true });
  });

  it("keeps the session when the server could not be reached for the renewal", async () => {
    const state = connect("old", "unavailable");
    serve(failure(401, null));
    await expect(apiRequest("GET", "/projects")).rejects.toMatchObject({ status: 401 });
    expect(state.expired).toBe(false);
  });

  it("does not refresh after a 401 from a sign-in call (a wrong password is an answer)", async () => {
    const state = connect(null);
    serve(failure(401, "Invalid credentials"));
    await expect(apiRequest("POST", "/auth/verify-credentials", {})).rejects.toMatchObject({ message: "Invalid credentials" });
    expect(state.refreshes).toBe(0);
  });
});

describe("no retries of its own (docs/product.md#http-client)", () => {
  beforeEach(() => connect(null));

  it("asks once for a failing request: trying again is the query cache's", async () => {
    const calls = serve(failure(503, "Down for maintenance"));
    await expect(settle(apiRequest("GET", "/projects"))).rejects.toMatchObject({ status: 503, message: "Down for maintenance" });
    expect(calls).toHaveLength(1);
  });
});

describe("file downloads", () => {
  const file = (text: string, fileName: string): Answer => ({
    status: 200,
    raw: text,
    headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${fileName}"` },
  });

  it("fetches the file with the Bearer token and names it as the server says", async () => {
    connect("abc");
    const calls = serve(file('{"email":"a@example.com"}', "crestbuild-my-data-2026-03-14.json"));
    const download = await apiDownload("/users/me/export", "my-data.json");
    expect(download.fileName).toBe("crestbuild-my-data-2026-03-14.json");
    expect(await download.blob.text()).toBe('{"email":"a@example.com"}');
    expect(calls).toEqual([{ url: "/api/users/me/export", authorization: "Bearer abc" }]);
  });

  it("renews the token once after a 401, like any other call", async () => {
    const state = connect("old");
    const calls = serve(failure(401, null), file("{}", "data.json"));
    await expect(apiDownload("/users/me/export", "my-data.json")).resolves.toMatchObject({ fileName: "data.json" });
    expect(state.refreshes).toBe(1);
    expect(calls.map((call) => call.authorization)).toEqual(["Bearer old", "Bearer renewed"]);
  });

  it("throws the server's message when the file is refused", async () => {
    connect("abc");
    serve(failure(429, "Too many requests. Please wait 60 seconds and try again.", { "retry-after": "60" }));
    await expect(apiDownload("/users/me/export", "my-data.json")).rejects.toMatchObject({
      status: 429,
      message: "Too many requests. Please wait 60 seconds and try again.",
      retryAfterSeconds: 60,
    });
  });

  it("reads plain and encoded file names from Content-Disposition", () => {
    expect(attachmentFileName('attachment; filename="report.pdf"')).toBe("report.pdf");
    expect(attachmentFileName("attachment; filename*=UTF-8''site%20plan.dwg")).toBe("site plan.dwg");
    expect(attachmentFileName("attachment")).toBeNull();
    expect(attachmentFileName(null)).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "../http/client";
import { connect, failure, ok, serve, settle } from "../http/fake-api";
import { withRetries } from "../http/retry";
import { apiPathOf } from "./api-query";
import { createQueryClient } from "./query-client";

// The portal's query cache, fetching a key as it does (lib/session/portal-query-client.ts).
const queryCache = () => createQueryClient(({ queryKey }) => apiRequest("GET", apiPathOf(queryKey)));
const failures = (count: number, status = 503) => Array.from({ length: count }, () => failure(status, "Down for maintenance"));

beforeEach(() => {
  vi.useFakeTimers();
  connect("token");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a failing load through the query cache (docs/product.md#http-client)", () => {
  it("is asked for 4 times at most: once, then the cache's 3 retries, the HTTP client adding none", async () => {
    const calls = serve(...failures(10));
    await expect(settle(queryCache().fetchQuery({ queryKey: ["/auth/profile"] }))).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(4);
  });

  it("is asked for once when its failure is not worth another try", async () => {
    const calls = serve(failure(404, null), ...failures(3));
    await expect(settle(queryCache().fetchQuery({ queryKey: ["/auth/profile"] }))).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
  });

  it("shows the data of a retry that succeeds", async () => {
    const calls = serve(...failures(2), ok("profile"));
    await expect(settle(queryCache().fetchQuery({ queryKey: ["/auth/profile"] }))).resolves.toBe("profile");
    expect(calls).toHaveLength(3);
  });

  it("replays a request refused with 401 once with a renewed token, which is no retry of a failure", async () => {
    const calls = serve(failure(401, null), ok("profile"));
    await expect(settle(queryCache().fetchQuery({ queryKey: ["/auth/profile"] }))).resolves.toBe("profile");
    expect(calls.map((call) => call.authorization)).toEqual(["Bearer token", "Bearer renewed"]);
  });
});

describe("a failing write through the query cache", () => {
  it("is tried again once for a retried status, never for a refusal", async () => {
    const cache = queryCache();
    const send = () =>
      cache
        .getMutationCache()
        .build(cache, { mutationFn: () => apiRequest("POST", "/contact", {}) })
        .execute(undefined);
    const retried = serve(...failures(3));
    await expect(settle(send())).rejects.toMatchObject({ status: 503 });
    expect(retried).toHaveLength(2);
    const refused = serve(failure(400, "Invalid input"), ...failures(2));
    await expect(settle(send())).rejects.toMatchObject({ status: 400 });
    expect(refused).toHaveLength(1);
  });
});

describe("withRetries, for the loads no query cache retries", () => {
  it("tries a 503 up to 3 more times, then throws the server's message", async () => {
    const calls = serve(...failures(4));
    await expect(settle(withRetries(() => apiRequest("GET", "/projects")))).rejects.toMatchObject({ message: "Down for maintenance" });
    expect(calls).toHaveLength(4);
  });

  it("waits for the server's retry-after on a 429", async () => {
    serve(...Array.from({ length: 4 }, () => failure(429, "Slow down", { "retry-after": "2" })));
    const started = Date.now();
    await expect(settle(withRetries(() => apiRequest("GET", "/projects")))).rejects.toMatchObject({ status: 429 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 2000);
  });

  it("gives up at once when retry-after is longer than the longest delay", async () => {
    const calls = serve(failure(429, "Slow down", { "retry-after": "600" }));
    await expect(settle(withRetries(() => apiRequest("GET", "/projects")))).rejects.toMatchObject({ retryAfterSeconds: 600 });
    expect(calls).toHaveLength(1);
  });
});

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productWording } from "../../shared/wording.js";
import { buildApp } from "../app.js";
import { loadPageRenderer } from "../ssr/renderer.js";
import { startTcpProxy, type TcpProxy } from "../testing/tcp-proxy.js";
import { resetDatabase, testConfig } from "../testing/test-app.js";

const databaseUrl = process.env.TEST_DATABASE_URL;

/** Asks again until the answer has this status (the service recovers by itself), for at most 20 s. */
async function eventually(ask: () => Promise<{ statusCode: number }>, status: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await ask();
    if (answer.statusCode === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!databaseUrl)("PostgreSQL unreachable during a run (skipped: set TEST_DATABASE_URL to run)", () => {
  let proxy: TcpProxy;
  let app: FastifyInstance;

  beforeAll(async () => {
    await resetDatabase();
    const target = new URL(databaseUrl ?? "");
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    target.host = `127.0.0.1:${proxy.port}`;
    // Its own pool, through the proxy: the test cuts the proxy, never the PostgreSQL server others share.
    app = await buildApp({
      config: testConfig({ DATABASE_URL: target.toString(), DATABASE_STATEMENT_TIMEOUT_MS: "3000" }),
      renderer: await loadPageRenderer(),
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  it("answers 503 envelopes with a clear message, serves public pages from their last good copy, and recovers by itself", async () => {
    expect((await app.inject("/api/content/company")).statusCode).toBe(200);
    const homePage = await app.inject("/");
    expect(homePage.statusCode).toBe(200);
    expect((await app.inject("/readyz")).json()).toMatchObject({ status: "ready" });

    proxy.cut();
    const refused = await app.inject("/api/content/company");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      message: productWording.databaseUnavailable,
      error: "database_unavailable",
    });
    expect(refused.body).not.toContain("ECONNRESET");
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "ada@example.com", password: "harmattan-2026" },
    });
    expect(signIn.statusCode).toBe(503);
    const readiness = await app.inject("/readyz");
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({ status: "unavailable", checks: { database: { status: "down" } } });
    expect((await app.inject("/healthz")).statusCode).toBe(200);

    const pageCopy = await app.inject("/");
    expect(pageCopy.statusCode).toBe(200);
    expect(pageCopy.headers["x-page-copy"]).toBe("last-good");
    expect(pageCopy.body).toContain("<title");
    // Its scripts carry this response's nonce, so the browser still runs them under the CSP.
    const nonce = /'nonce-([^']+)'/.exec(String(pageCopy.headers["content-security-policy"]))?.[1];
    expect(pageCopy.body).toContain(`nonce="${nonce}"`);
    // A page never rendered before has no copy: the error page, without a stack.
    const uncached = await app.inject("/about");
    expect(uncached.statusCode).toBeGreaterThanOrEqual(500);
    expect(uncached.body).not.toMatch(/at .+\.js:\d+/);

    proxy.restore();
    expect((await eventually(() => app.inject("/api/content/company"), 200)).statusCode).toBe(200);
    expect((await app.inject("/readyz")).json()).toMatchObject({ status: "ready", checks: { database: { status: "ok" } } });
    expect((await app.inject("/")).headers["x-page-copy"]).toBeUndefined();
  }, 60_000);
});

import { mkdtempSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { REALTIME_CLOSE_RESTARTING } from "../../shared/realtime.js";
import { type ServerProcess, startServerProcess } from "../testing/server-process.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Outcome = { status: number } | { error: string; afterSigterm: boolean };

/** GET over a keep-alive connection, as a load balancer's pool does; a socket error is an outcome too. */
function get(url: string, agent: Agent): Promise<{ status: number } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end();
  });
}

/** A POST whose body arrives in two halves: the second only when `release` resolves (a slow upload in flight). */
function slowPost(url: string, body: string, release: Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    void release.then(() => req.end(body.slice(half)));
  });
}

describe("graceful shutdown of the built server on SIGTERM", () => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.stop());

  it("finishes every accepted request, tells WebSocket clients to reconnect, and exits 0", async () => {
    server = await startServerProcess({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "crestbuild-shutdown-")),
      SHUTDOWN_TIMEOUT_MS: "15000",
    });
    const running = server;
    expect(await (await fetch(running.url("/readyz"))).json()).toMatchObject({ status: "ready", checks: { database: { status: "ok" } } });

    const socket = new WebSocket(running.url("/api/realtime").replace(/^http/, "ws"));
    const socketClosed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise((resolve) => socket.once("open", resolve));

    let sigtermSent = false;
    let releaseSlow = () => {};
    const slow = slowPost(
      running.url("/api/contact"),
      JSON.stringify({ name: "Amaka Eze", email: "amaka@example.com", subject: "A quote", message: "A duplex in Gwarinpa, please." }),
      new Promise<void>((resolve) => {
        releaseSlow = resolve;
      }),
    );

    // Six clients, each on its own keep-alive connection, each sending one request after the other for at most 8 s.
    const outcomes: Outcome[] = [];
    const stopAt = Date.now() + 8_000;
    const clients = Array.from({ length: 6 }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < stopAt) {
        const outcome = await get(running.url("/api/content/company"), agent);
        if ("error" in outcome) {
          outcomes.push({ ...outcome, afterSigterm: sigtermSent });
          // Refused once the instance stopped listening: a load balancer sends it elsewhere.
          if (sigtermSent) break;
        } else {
          outcomes.push(outcome);
        }
      }
      agent.destroy();
    });

    await sleep(1_000);
    sigtermSent = true;
    running.child.kill("SIGTERM");
    await sleep(800);
    releaseSlow();

    await Promise.all(clients);
    const answered = outcomes.filter((outcome): outcome is { status: number } => "status" in outcome);
    const failedBeforeSigterm = outcomes.filter((outcome) => "error" in outcome && !outcome.afterSigterm);
    expect(answered.length).toBeGreaterThan(20);
    expect(answered.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(failedBeforeSigterm).toEqual([]);

    // The upload in flight at SIGTERM was finished.
    const slowAnswer = await slow;
    expect(slowAnswer.status, slowAnswer.body).toBe(201);

    expect(await socketClosed).toBe(REALTIME_CLOSE_RESTARTING);
    expect(await running.exited, running.output()).toBe(0);
    // Nothing listens any more.
    await expect(fetch(running.url("/healthz"))).rejects.toThrow();
  }, 180_000);
});

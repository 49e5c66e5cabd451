import { describe, expect, it } from "vitest";
import { setUpTestServer } from "../testing/set-up-test-server.js";

describe("health endpoints for load balancers", () => {
  const { server } = setUpTestServer({}, { once: true });

  it("/healthz answers alive, never cached", async () => {
    const response = await fetch(server().url("/healthz"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "alive" });
  });

  it("/readyz answers ready once listening, with the database reachable", async () => {
    const response = await fetch(server().url("/readyz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", checks: { database: { status: "ok" }, storage: { status: "ok" } } });
  });
});

import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";
import { projectRoot } from "./paths.js";

describe("configuration from the environment", () => {
  it("needs nothing: the embedded defaults serve on port 3000 with data under ./data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.join(projectRoot, "data"));
    expect(config.publicOrigin).toBe("http://localhost:3000");
  });

  it("reads PostgreSQL, the public origin and the port when set", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
      PUBLIC_ORIGIN: "https://crestbuild.ng/",
      PORT: "8080",
    });
    expect(config.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/test");
    expect(config.publicOrigin).toBe("https://crestbuild.ng");
    expect(config.port).toBe(8080);
  });

  it("reads Redis for shared realtime and rate limits when set, plain or TLS", () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redisUrl).toBe("redis://127.0.0.1:6379");
    expect(loadConfig({ REDIS_URL: "rediss://:secret@cache.internal:6380/2" }).redisUrl).toBe("rediss://:secret@cache.internal:6380/2");
  });

  it.each([
    ["PORT", "abc", 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")'],
    ["PORT", "70000", 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "70000")'],
    [
      "DATABASE_URL",
      "nonsense",
      'Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@host:5432/database (got "nonsense")',
    ],
    [
      "PUBLIC_ORIGIN",
      "crestbuild.ng",
      'Invalid configuration: PUBLIC_ORIGIN must be a URL like https://www.example.com (got "crestbuild.ng")',
    ],
    [
      "REDIS_URL",
      "localhost:6379",
      'Invalid configuration: REDIS_URL must be a URL like redis://:password@host:6379 (got "localhost:6379")',
    ],
    ["LOG_LEVEL", "loud", 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
  ])("refuses %s=%s with a message naming the variable", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });

  it("stops the built server with one clear line and exit code 1 on a bad value", () => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, "dist/server/main.js")], {
      env: { PATH: process.env.PATH, DATABASE_URL: "nonsense" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@host:5432/database (got "nonsense")',
    ]);
    expect(result.stdout).toBe("");
  });
});

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
      AUTH_SECRET: "a-long-random-secret-for-every-instance",
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

  it("reads coturn's addresses and secret; none means host candidates only", () => {
    expect(loadConfig({}).turn).toBeUndefined();
    const config = loadConfig({
      TURN_URLS: "turn:turn.crestbuild.ng:3478?transport=udp, turns:turn.crestbuild.ng:5349?transport=tcp,turn:[::1]",
      TURN_SECRET: "a-long-shared-coturn-secret",
    });
    expect(config.turn).toEqual({
      urls: ["turn:turn.crestbuild.ng:3478?transport=udp", "turns:turn.crestbuild.ng:5349?transport=tcp", "turn:[::1]"],
      secret: "a-long-shared-coturn-secret",
    });
  });

  it.each([
    [{ TURN_URLS: "turn:127.0.0.1:3478" }, "Invalid configuration: TURN_SECRET must be set too when TURN_URLS is set"],
    [{ TURN_SECRET: "a-long-shared-coturn-secret" }, "Invalid configuration: TURN_URLS must be set too when TURN_SECRET is set"],
    [
      { TURN_URLS: "stun:127.0.0.1:3478", TURN_SECRET: "a-long-shared-coturn-secret" },
      'Invalid configuration: TURN_URLS must be comma-separated TURN addresses like turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349 (got "stun:127.0.0.1:3478")',
    ],
    [
      { TURN_URLS: "turn:127.0.0.1:3478", TURN_SECRET: "short" },
      "Invalid configuration: TURN_SECRET must be at least 16 characters (coturn's static-auth-secret) (got 5 characters)",
    ],
  ])("refuses a half or bad TURN set-up without showing the secret: %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it.each([
    ["PORT", "abc", 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")'],
    ["PORT", "70000", 'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "70000")'],
    ["DATABASE_URL", "nonsense", "Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@host:5432/database"],
    [
      "PUBLIC_ORIGIN",
      "crestbuild.ng",
      'Invalid configuration: PUBLIC_ORIGIN must be a URL like https://www.example.com (got "crestbuild.ng")',
    ],
    ["REDIS_URL", "localhost:6379", "Invalid configuration: REDIS_URL must be a URL like redis://:password@host:6379"],
    [
      "REDIS_KEY_PREFIX",
      "crest build",
      'Invalid configuration: REDIS_KEY_PREFIX must be up to 100 letters, digits, dots, dashes or underscores ending with a colon, like crestbuild: (got "crest build")',
    ],
    ["DATABASE_POOL_SIZE", "0", 'Invalid configuration: DATABASE_POOL_SIZE must be a whole number between 1 and 200 (got "0")'],
    ["SHUTDOWN_TIMEOUT_MS", "soon", 'Invalid configuration: SHUTDOWN_TIMEOUT_MS must be a whole number between 0 and 600000 (got "soon")'],
    ["LOG_LEVEL", "loud", 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")'],
  ])("refuses %s=%s with a message naming the variable", (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });

  it("takes object storage only with all five S3 variables", () => {
    const s3 = { S3_BUCKET: "crestbuild-media", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "key" };
    expect(() => loadConfig(s3)).toThrow(
      new ConfigError(
        "Invalid configuration: S3_SECRET_ACCESS_KEY must be set too (object storage needs all of S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)",
      ),
    );
    expect(loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: "secret" }).s3).toMatchObject({
      bucket: "crestbuild-media",
      endpoint: "http://127.0.0.1:9000",
    });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it("stops the built server with one clear line and exit code 1 on a bad value", () => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, "dist/server/main.js")], {
      env: { PATH: process.env.PATH, DATABASE_URL: "nonsense" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@host:5432/database",
    ]);
    expect(result.stdout).toBe("");
  });

  it("refuses to start in production on PostgreSQL without AUTH_SECRET, naming it; the embedded default needs none", () => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, "dist/server/main.js")], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATABASE_URL: "postgres://crestbuild@127.0.0.1:1/crestbuild" },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "Invalid configuration: AUTH_SECRET must be set in production with DATABASE_URL (32+ random characters, the same on every instance, kept out of the database and its backups: it signs sessions and encrypts authenticator secrets)",
    ]);
    expect(() => loadConfig({ NODE_ENV: "production" })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: "development", DATABASE_URL: "postgres://crestbuild@127.0.0.1/crestbuild" })).not.toThrow();
  });

  it.each([
    ["AUTH_SECRET", "hunter2-short-secret"],
    ["DATABASE_URL", "mysql://admin:Sup3rS3cret@db.internal/crestbuild"],
    ["SMTP_URL", "http://mailer:Sup3rS3cret@smtp.internal"],
    ["REDIS_URL", "http://:Sup3rS3cret@cache.internal"],
  ])("names a bad %s without echoing its value, which may be a secret", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect(String(error)).toContain(name);
      expect(String(error)).not.toContain(value);
      expect(String(error)).not.toContain("Sup3rS3cret");
    }
  });

  it("takes TRUST_PROXY as a number of hops or a list of proxy addresses and CIDR ranges", () => {
    const origin = { PUBLIC_ORIGIN: "https://crestbuild.ng" };
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1", ...origin }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7, ::1", ...origin }).trustProxy).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99", ...origin })).toThrow(/TRUST_PROXY must be the number of proxy hops/);
  });

  it("refuses TRUST_PROXY=true with one line saying it is no longer accepted", () => {
    expect(() => loadConfig({ TRUST_PROXY: "true", PUBLIC_ORIGIN: "https://crestbuild.ng" })).toThrow(
      new ConfigError(
        'Invalid configuration: TRUST_PROXY must be the number of proxy hops in front of the server (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges; true is no longer accepted (it trusts any X-Forwarded-For) (got "true")',
      ),
    );
  });

  it("stops a deployment behind a proxy that does not say its public address", () => {
    expect(() => loadConfig({ TRUST_PROXY: "1" })).toThrow(
      new ConfigError(
        "Invalid configuration: PUBLIC_ORIGIN must be set when TRUST_PROXY is (the public https address: secure cookies and HSTS depend on it)",
      ),
    );
  });
});

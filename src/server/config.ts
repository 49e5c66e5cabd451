import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { type OidcProviderConfig, parseOidcProviders } from "./oidc-providers-config.js";
import { projectRoot } from "./paths.js";

/** Thrown when an environment variable has a value the server cannot use. */
export class ConfigError extends Error {}

const wholeNumberBetween = (min: number, max: number) => {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const portSchema = wholeNumberBetween(1, 65535);

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== "";
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

// coturn's addresses as RFC 7065 URIs: turn:host[:port][?transport=udp|tcp] or turns:… (TLS).
const turnUriPattern = /^turns?:(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?(\?transport=(udp|tcp))?$/i;
const turnUrlsSchema = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((uri) => uri.trim())
      .filter(Boolean),
  )
  .refine(
    (uris) => uris.length > 0 && uris.every((uri) => turnUriPattern.test(uri)),
    "must be comma-separated TURN addresses like turn:turn.example.com:3478?transport=udp,turns:turn.example.com:5349",
  );

/** A proxy address or CIDR range, as Fastify's trustProxy (proxy-addr) reads it. */
function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxyMessage =
  "must be the number of proxy hops in front of the server (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges";

/**
 * Off (unset, false or 0), a number of hops, or the proxies' addresses. `true` is refused: it trusts every
 * X-Forwarded-For entry, so a visitor who writes their own header picks their address and escapes the per-address limits.
 */
const trustProxySchema = z
  .string()
  .transform((value, context): number | string[] | false => {
    const trimmed = value.trim();
    if (trimmed === "false" || trimmed === "0") return false;
    if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
    const entries = trimmed.split(",").map((entry) => entry.trim());
    if (trimmed !== "true" && entries.every(isAddressOrRange)) return entries;
    context.addIssue({
      code: "custom",
      message: trimmed === "true" ? `${trustProxyMessage}; true is no longer accepted (it trusts any X-Forwarded-For)` : trustProxyMessage,
    });
    return z.NEVER;
  })
  .optional();

/** Values that may hold a secret (a password in a URL, the signing key): a bad one is named, never echoed. */
const SECRET_VARIABLES = new Set(["AUTH_SECRET", "DATABASE_URL", "SMTP_URL", "REDIS_URL", "OIDC_PROVIDERS", "S3_SECRET_ACCESS_KEY"]);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("production"),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  PUBLIC_ORIGIN: urlWithProtocols(["http:", "https:"], "https://www.example.com").optional(),
  DATA_DIR: z.string().min(1, "must not be empty").optional(),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:password@host:5432/database").optional(),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:password@host:587").optional(),
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"], "redis://:password@host:6379").optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9_.-]{1,100}:$/,
      "must be up to 100 letters, digits, dots, dashes or underscores ending with a colon, like crestbuild:",
    )
    .default("crestbuild:"),
  MAIL_FROM: z
    .string()
    .min(3, "must be an email sender such as Crestbuild <no-reply@example.com>")
    .default("Crestbuild <no-reply@crestbuild.ng>"),
  CONTACT_INBOX: z.email({ error: "must be an email address" }).default("enquiries@crestbuild.ng"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (a long random string)").optional(),
  TRUST_PROXY: trustProxySchema,
  TURN_URLS: turnUrlsSchema.optional(),
  FFMPEG_PATH: z.string().min(1, "must be the path of an ffmpeg binary").optional(),
  TURN_SECRET: z.string().min(16, "must be at least 16 characters (coturn's static-auth-secret)").optional(),
  OIDC_PROVIDERS: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseOidcProviders(value ?? "[]");
      if (typeof parsed === "string") context.addIssue({ code: "custom", message: parsed });
      return typeof parsed === "string" ? z.NEVER : parsed;
    }),
  DATABASE_POOL_SIZE: wholeNumberBetween(1, 200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumberBetween(100, 600_000).default(10_000),
  DATABASE_LONG_STATEMENT_TIMEOUT_MS: wholeNumberBetween(100, 3_600_000).default(120_000),
  SHUTDOWN_TIMEOUT_MS: wholeNumberBetween(0, 600_000).default(10_000),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name such as crestbuild-media")
    .optional(),
  S3_ENDPOINT: urlWithProtocols(["http:", "https:"], "https://s3.eu-west-1.amazonaws.com").optional(),
  S3_REGION: z.string().min(1, "must not be empty").optional(),
  S3_ACCESS_KEY_ID: z.string().min(1, "must not be empty").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "must not be empty").optional(),
});

const s3Variables = ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  /** Origin used for canonical links, the sitemap and emails, without a trailing slash. */
  publicOrigin: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  smtpUrl?: string;
  /** ffmpeg for videos; unset: the system's, else the one npm installed (platform/ffmpeg.ts). */
  ffmpegPath?: string;
  /** Redis: realtime fan-out, presence and rate-limit counters shared by every instance; in process when absent. */
  redisUrl?: string;
  /** Starts every Redis key and channel: installations (or test runs) sharing one Redis keep apart. */
  redisKeyPrefix: string;
  mailFrom: string;
  contactInbox: string;
  logLevel: string;
  /** Fastify's trustProxy: false, the number of proxy hops, or the proxies' addresses and CIDR ranges. */
  trustProxy: number | string[] | false;
  /**
   * Signs access tokens and seals authenticator secrets; when absent (refused in production with PostgreSQL), one is
   * generated into a 0600 file in the data folder (platform/auth-secret.ts), never into the database.
   */
  authSecret?: string;
  /** coturn (REST credentials): its addresses and shared secret; calls use host candidates only without it. */
  turn?: { urls: string[]; secret: string };
  /** OpenID Connect identity providers offered as 'Continue with {name}'; none when empty. */
  oidcProviders: OidcProviderConfig[];
  /** PostgreSQL connections per instance; the server's max_connections must cover every instance's pool. */
  databasePoolSize: number;
  /** A query running longer is cancelled (exports and analytics have their own, longer limit). */
  statementTimeoutMs: number;
  /** The limit of queries that can be long (exports, analytics), run on a small pool of their own. */
  longStatementTimeoutMs: number;
  /** On SIGTERM, requests in flight get this long to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** An S3-compatible bucket for every stored file; the local disk (DATA_DIR) when absent. */
  s3?: { bucket: string; endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** Where the built browser assets are; absent in tests that never serve them. */
  clientDir: string;
};

/** Reads the environment into a typed config, or throws a ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const value = present[name] ?? "";
    // A secret is never written to the log, even a bad one: at most the length of a shared secret.
    const got = SECRET_VARIABLES.has(name) ? "" : name.endsWith("_SECRET") ? ` (got ${value.length} characters)` : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}${got}`);
  }
  const vars = parsed.data;
  // Behind a proxy the site is public: secure cookies and HSTS follow PUBLIC_ORIGIN, so it must be said.
  if (vars.TRUST_PROXY && !vars.PUBLIC_ORIGIN) {
    throw new ConfigError(
      "Invalid configuration: PUBLIC_ORIGIN must be set when TRUST_PROXY is (the public https address: secure cookies and HSTS depend on it)",
    );
  }
  // One without the other is a half-done set-up: refuse it like any other bad value.
  if ((vars.TURN_URLS === undefined) !== (vars.TURN_SECRET === undefined)) {
    const missing = vars.TURN_URLS === undefined ? "TURN_URLS" : "TURN_SECRET";
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too when ${missing === "TURN_URLS" ? "TURN_SECRET" : "TURN_URLS"} is set`,
    );
  }
  // Generated, the key would live in the data folder, which a PostgreSQL installation does not share between
  // instances; it must never be in the database, and so in every backup (docs/decisions/117-secrets-at-rest.md).
  if (vars.NODE_ENV === "production" && vars.DATABASE_URL && !vars.AUTH_SECRET) {
    throw new ConfigError(
      "Invalid configuration: AUTH_SECRET must be set in production with DATABASE_URL (32+ random characters, the same on every instance, kept out of the database and its backups: it signs sessions and encrypts authenticator secrets)",
    );
  }
  const s3Given = s3Variables.filter((name) => vars[name] !== undefined);
  if (s3Given.length > 0 && s3Given.length < s3Variables.length) {
    const missing = s3Variables.filter((name) => vars[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: ${missing.join(", ")} must be set too (object storage needs all of ${s3Variables.join(", ")})`,
    );
  }
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicOrigin: (vars.PUBLIC_ORIGIN ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(projectRoot, vars.DATA_DIR ?? "data"),
    databaseUrl: vars.DATABASE_URL,
    smtpUrl: vars.SMTP_URL,
    redisUrl: vars.REDIS_URL,
    redisKeyPrefix: vars.REDIS_KEY_PREFIX,
    mailFrom: vars.MAIL_FROM,
    contactInbox: vars.CONTACT_INBOX,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY ?? false,
    authSecret: vars.AUTH_SECRET,
    turn: vars.TURN_URLS && vars.TURN_SECRET ? { urls: vars.TURN_URLS, secret: vars.TURN_SECRET } : undefined,
    oidcProviders: vars.OIDC_PROVIDERS,
    ffmpegPath: vars.FFMPEG_PATH,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    statementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS,
    longStatementTimeoutMs: vars.DATABASE_LONG_STATEMENT_TIMEOUT_MS,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    s3:
      vars.S3_BUCKET && vars.S3_ENDPOINT && vars.S3_REGION && vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
        ? {
            bucket: vars.S3_BUCKET,
            endpoint: vars.S3_ENDPOINT,
            region: vars.S3_REGION,
            accessKeyId: vars.S3_ACCESS_KEY_ID,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    clientDir: path.join(projectRoot, "dist", "client"),
  };
}

import path from "node:path";
import { z } from "zod";
import { projectRoot } from "./paths.js";

/** Thrown when an environment variable has a value the server cannot use. */
export class ConfigError extends Error {}

const portSchema = z.coerce
  .number({ error: "must be a whole number between 1 and 65535" })
  .int("must be a whole number between 1 and 65535")
  .min(1, "must be a whole number between 1 and 65535")
  .max(65535, "must be a whole number between 1 and 65535");

const urlWithProtocols = (protocols: string[], example: string) =>
  z.string().refine((value) => {
    try {
      const url = new URL(value);
      return protocols.includes(url.protocol) && url.hostname !== "";
    } catch {
      return false;
    }
  }, `must be a URL like ${example}`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("production"),
  PORT: portSchema.default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  PUBLIC_ORIGIN: urlWithProtocols(["http:", "https:"], "https://www.example.com").optional(),
  DATA_DIR: z.string().min(1, "must not be empty").optional(),
  DATABASE_URL: urlWithProtocols(["postgres:", "postgresql:"], "postgres://user:password@host:5432/database").optional(),
  SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:password@host:587").optional(),
  REDIS_URL: urlWithProtocols(["redis:", "rediss:"], "redis://:password@host:6379").optional(),
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
  TRUST_PROXY: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
});

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
  /** Redis: realtime fan-out, presence and rate-limit counters shared by every instance; in process when absent. */
  redisUrl?: string;
  mailFrom: string;
  contactInbox: string;
  logLevel: string;
  trustProxy: boolean;
  /** Signs access tokens; when absent, one is generated and kept in the database. */
  authSecret?: string;
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
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"} (got "${present[name] ?? ""}")`);
  }
  const vars = parsed.data;
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicOrigin: (vars.PUBLIC_ORIGIN ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ""),
    dataDir: path.resolve(projectRoot, vars.DATA_DIR ?? "data"),
    databaseUrl: vars.DATABASE_URL,
    smtpUrl: vars.SMTP_URL,
    redisUrl: vars.REDIS_URL,
    mailFrom: vars.MAIL_FROM,
    contactInbox: vars.CONTACT_INBOX,
    logLevel: vars.LOG_LEVEL,
    trustProxy: vars.TRUST_PROXY === "true",
    authSecret: vars.AUTH_SECRET,
    clientDir: path.join(projectRoot, "dist", "client"),
  };
}

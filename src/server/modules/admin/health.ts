import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { AdminHealth, HealthCheck } from "../../../shared/admin.js";
import type { AppDb } from "../../db/client.js";
import { projectRoot } from "../../paths.js";
import type { MailTransportCheck } from "../../platform/mail.js";
import type { ObjectStore } from "../../platform/storage.js";

export type HealthDeps = {
  db: AppDb;
  /** Where uploads are written (disk or bucket): checked by writing and removing a small file. */
  uploadsStore: ObjectStore;
  mail: MailTransportCheck;
  /** Pings Redis when REDIS_URL is set; null without it. */
  pingRedis: (() => Promise<unknown>) | null;
};

const version: string = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")).version;

/** A check that takes too long counts as failing, so one stuck part cannot hold up the whole answer. */
const CHECK_TIMEOUT_MS = 3000;

async function check(run: () => Promise<string>): Promise<HealthCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  try {
    return { status: "ok", detail: await Promise.race([run(), timeout]) };
  } catch (error) {
    return { status: "failing", detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/admin/health: each part of the installation, checked now. */
export async function adminHealth({ db, uploadsStore, mail, pingRedis }: HealthDeps): Promise<AdminHealth> {
  let latencyMs: number | null = null;
  let lastMigration: string | null = null;
  const [database, storage, mailCheck, redis] = await Promise.all([
    check(async () => {
      const started = performance.now();
      await db.execute(sql`select 1`);
      latencyMs = Math.round((performance.now() - started) * 10) / 10;
      const applied = (await db.execute(sql`select name from schema_migrations order by name desc limit 1`)) as unknown as {
        rows: { name: string }[];
      };
      lastMigration = applied.rows[0]?.name ?? null;
      return `reachable in ${latencyMs} ms`;
    }),
    check(async () => {
      const probe = `.health-${process.pid}-${Date.now()}`;
      await uploadsStore.put(probe, Buffer.from("ok"));
      await uploadsStore.remove(probe);
      return "uploads store writable";
    }),
    check(async () => {
      await mail.verify();
      return mail.transport === "smtp" ? "SMTP server verified" : "no SMTP_URL: mail is kept in the outbox and printed to the log";
    }),
    pingRedis
      ? check(async () => {
          await pingRedis();
          return "answers PING";
        })
      : Promise.resolve<HealthCheck>({ status: "off", detail: "no REDIS_URL: one instance, in process" }),
  ]);
  const memory = process.memoryUsage();
  return {
    database: { ...database, latencyMs, lastMigration },
    storage,
    mail: { ...mailCheck, transport: mail.transport },
    redis,
    uptimeSeconds: Math.round(process.uptime()),
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    version,
    checkedAt: new Date().toISOString(),
  };
}

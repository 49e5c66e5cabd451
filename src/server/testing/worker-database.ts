import { runOnServer } from "./run-on-server.js";

/**
 * On PostgreSQL, each test worker has a database of its own, `<TEST_DATABASE_URL's database>_w<worker>`, so that two
 * files run at once without emptying each other's tables (decision 144). Run before every test file (vitest's
 * `setupFiles`): the first time in a worker it makes the database and points TEST_DATABASE_URL at it.
 */
const WORKER_SUFFIX = /_w\d+$/;
const DUPLICATE_DATABASE = "42P04";

export async function pointAtWorkerDatabase(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const baseUrl = env.TEST_DATABASE_URL;
  const worker = env.VITEST_POOL_ID;
  if (!baseUrl || !worker) return;
  const url = new URL(baseUrl);
  const name = url.pathname.slice(1);
  if (WORKER_SUFFIX.test(name)) return;
  const workerName = `${name}_w${worker}`;
  try {
    await runOnServer(baseUrl, `create database "${workerName}"`);
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
  }
  url.pathname = `/${workerName}`;
  env.TEST_DATABASE_URL = url.toString();
}

await pointAtWorkerDatabase();

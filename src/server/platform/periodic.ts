import type { FastifyBaseLogger } from "fastify";

/**
 * Runs `work` at start and then every `everyMs`, one run at a time (a slow run delays the next rather than overlapping
 * it); a failure is logged and the next run goes ahead. stop() ends the timer and waits for the run under way.
 */
export function runPeriodically(work: () => Promise<unknown>, options: { everyMs: number; log: FastifyBaseLogger; failure: string }) {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(work).catch((error: unknown) => options.log.error({ err: error }, options.failure));
  };
  run();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  return async function stop() {
    clearInterval(timer);
    await running;
  };
}

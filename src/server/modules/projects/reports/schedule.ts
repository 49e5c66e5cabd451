import type { FastifyBaseLogger } from "fastify";
import { nextReportRun, type ReportWeek, WEEK_MS, weekReportedAt } from "./week.js";

/** A server started within this long after a Monday's run makes that run's reports (a restart at 07:00 skips none). */
const CATCH_UP_MS = 24 * 3_600_000;

/**
 * Makes the weekly reports every Monday at 07:00 Lagos time (nextReportRun), one run at a time; a server started on
 * a Monday after 07:00 makes that morning's at once. Every instance runs it: the reports' unique (project, week)
 * makes each one once. A failed run is logged and the next Monday's goes ahead. stop() ends the timer and waits for
 * the run under way. The tests call `run` themselves.
 */
export function scheduleWeeklyReports(run: (week: ReportWeek) => Promise<unknown>, log: FastifyBaseLogger, now = () => new Date()) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const runFor = (at: Date) => {
    running = running
      .then(() => run(weekReportedAt(at)))
      .catch((error: unknown) => log.error({ err: error }, "the weekly reports could not be made"));
  };
  const waitForNext = () => {
    if (stopped) return;
    const next = nextReportRun(now());
    // At most a week: within what a Node timer can wait (24.8 days).
    timer = setTimeout(() => {
      runFor(next);
      waitForNext();
    }, next.getTime() - now().getTime());
    timer.unref();
  };

  const lastRun = new Date(nextReportRun(now()).getTime() - WEEK_MS);
  if (now().getTime() - lastRun.getTime() < CATCH_UP_MS) runFor(lastRun);
  waitForNext();

  return async function stop() {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

import { keepRecent } from "../platform/recent-entries.js";

/** Renders of screens for their viewer, per person and minute, on one instance: beyond it they get the shared page. */
export const VIEWER_RENDERS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;
// Past this many people in a minute, the oldest counts are let go (a few bytes each): ids cannot fill the memory.
const MAX_PEOPLE = 10_000;

/**
 * Counts the renders of a screen for its viewer (a render asks the API five times as them): a person reloading in a
 * loop, or a script holding their cookie, gets the shared page (the splash, which their browser completes) once
 * over the limit, and costs no more than any cached page.
 */
export function createViewerRenderLimit(now: () => number = Date.now) {
  const windows = new Map<string, { startedAt: number; renders: number }>();
  return {
    /** Whether this person may have one more render now; counts it when so. */
    take(userId: string): boolean {
      const at = now();
      const current = windows.get(userId);
      const window = current && at - current.startedAt < MINUTE_MS ? current : { startedAt: at, renders: 0 };
      if (window.renders >= VIEWER_RENDERS_PER_MINUTE) return false;
      window.renders += 1;
      keepRecent(windows, userId, window, MAX_PEOPLE);
      return true;
    },
  };
}

/** Call frames one connection may send per window: a 6-person call with an ICE restart stays well below it. */
const FRAMES_PER_WINDOW = 200;
const WINDOW_MS = 10_000;

/** A fixed-window count of call frames per connection, kept in memory (a connection lives on one instance). */
export function createFrameBudget(limit = FRAMES_PER_WINDOW, windowMs = WINDOW_MS) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts one frame; false when the connection is over its budget for this window. */
    take(connectionId: string, now = Date.now()): boolean {
      const current = windows.get(connectionId);
      if (!current || now - current.startedAt >= windowMs) {
        windows.set(connectionId, { startedAt: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= limit;
    },
    forget(connectionId: string) {
      windows.delete(connectionId);
    },
  };
}

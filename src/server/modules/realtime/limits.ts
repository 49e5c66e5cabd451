/** What one connection, or one address, may cost an instance; tests lower the numbers. */
export type RealtimeLimits = {
  /** Frames of any type (auth, ping, call frames, unreadable ones) one connection may send per window. */
  framesPerWindow: number;
  frameWindowMs: number;
  /** Bytes waiting to go out to one connection beyond which the slow reader is dropped. */
  maxBufferedBytes: number;
  /** Connections from one address that have not signed in yet, on one instance. */
  unauthenticatedPerAddress: number;
};

/**
 * A 6-person call with an ICE restart stays well below 200 frames in 10 s; a screen's worth of events is a few KB,
 * so 1 MB waiting means the reader has stopped; an office opening its tabs signs each in within a second.
 */
export const defaultRealtimeLimits: RealtimeLimits = {
  framesPerWindow: 200,
  frameWindowMs: 10_000,
  maxBufferedBytes: 1024 * 1024,
  unauthenticatedPerAddress: 50,
};

/** A fixed-window count of one connection's frames (a connection lives on one instance). */
export function createFrameBudget(limit: number, windowMs: number) {
  let startedAt = 0;
  let count = 0;
  return {
    /** Counts one frame; false when the connection is over its budget for this window. */
    take(now = Date.now()): boolean {
      if (now - startedAt >= windowMs) {
        startedAt = now;
        count = 0;
      }
      count += 1;
      return count <= limit;
    },
  };
}

/** How many connections each address has open that have not signed in yet, up to a maximum. */
export function createAddressCounter(max: number) {
  const counts = new Map<string, number>();
  return {
    /** Counts one more connection from this address; false (not counted) when it already has the maximum. */
    enter(address: string): boolean {
      const count = counts.get(address) ?? 0;
      if (count >= max) return false;
      counts.set(address, count + 1);
      return true;
    },
    leave(address: string) {
      const count = (counts.get(address) ?? 1) - 1;
      if (count > 0) counts.set(address, count);
      else counts.delete(address);
    },
  };
}

export type AddressCounter = ReturnType<typeof createAddressCounter>;

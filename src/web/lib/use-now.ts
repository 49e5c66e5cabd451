import { useSyncExternalStore } from "react";
import { useRenderedPortal } from "./session/rendered-session";

/** Relative times ("5 minutes ago") move on this often; "now" is read in steps of it, so each read is stable. */
const TICK_MS = 10_000;

const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  ticker ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

const currentStep = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

/**
 * The time relative times are written from. A page the server rendered is hydrated with the server's time of render
 * (the same text on both sides, so no hydration mismatch), then moves on to the browser's own clock at once.
 */
export function useNow(): number {
  const renderedAt = useRenderedPortal()?.renderedAt;
  return useSyncExternalStore(subscribe, currentStep, () => renderedAt ?? currentStep());
}

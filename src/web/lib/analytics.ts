/** Events for the analytics tool (Google's gtag) when the page has one; nothing otherwise. */
type Gtag = (command: "event", name: string, params: Record<string, unknown>) => void;

function gtag(): Gtag | undefined {
  return typeof window === "undefined" ? undefined : (window as unknown as { gtag?: Gtag }).gtag;
}

export function trackTiming(name: string, valueMs: number) {
  gtag()?.("event", "timing_complete", { name, value: Math.round(valueMs), event_category: "performance" });
}

export function trackException(description: string, fatal: boolean) {
  gtag()?.("event", "exception", { description, fatal });
}

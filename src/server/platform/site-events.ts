import type { RealtimeEvent } from "../../shared/realtime.js";
import type { RealtimeHub } from "./realtime-hub.js";

/**
 * The hub topic of events about the whole site rather than one person (a user id is a UUID, so it cannot
 * clash). With REDIS_URL every instance hears what is published here.
 */
export const SITE_TOPIC = "site";

// Public pages need no event: their cache follows the database's content version, which the settings bump too.
type SiteEvent = Extract<RealtimeEvent, { type: "blocklist.changed" }>;
const isSiteEvent = (event: RealtimeEvent): event is SiteEvent => event.type === "blocklist.changed";

/** Tells every instance the address blocklist changed: each reads it again before the next request. */
export function publishBlocklistChanged(hub: RealtimeHub): Promise<void> {
  return hub.publish([SITE_TOPIC], { type: "blocklist.changed" });
}

/** Listens for site-wide events on this instance; returns the function that stops listening. */
export function onSiteEvent(hub: RealtimeHub, listener: (event: SiteEvent) => void): () => void {
  return hub.subscribe(SITE_TOPIC, (event) => {
    if (isSiteEvent(event)) listener(event);
  });
}

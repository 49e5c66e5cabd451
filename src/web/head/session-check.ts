import type { RememberedSession, SessionRecordPlace } from "./remembered-session";

/**
 * A screen rendered for its viewer (docs/decisions/111-dashboard-rendered-for-its-viewer.md): when this browser does
 * not remember that person within their 30 minutes (signed out here, another person, or inactive too long), the page
 * is hidden (`mismatchClass` on <html>) until its scripts have taken it over (they draw it anew, which sends the tab
 * to /login): a person's data is not shown to whoever opens the browser after them.
 */
export function hideUnlessViewersSession(
  remembered: (place: SessionRecordPlace) => RememberedSession | null,
  place: SessionRecordPlace,
  viewerId: string,
  mismatchClass: string,
): void {
  const session = remembered(place);
  if (session?.user?.id !== viewerId) document.documentElement.classList.add(mismatchClass);
}

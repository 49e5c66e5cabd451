import { SERVICE_WORKER_PATH } from "../../../shared/site-app";

/**
 * Registers the site app's service worker (docs/decisions/150-site-app-service-worker.md) once the browser is idle
 * after the portal's first screen: never on a public page's path, never before the screen is on it. A browser
 * without service workers (or one that refuses it) simply has no offline shell. It lives here, not in the site app
 * feature, so that every portal screen calling it does not load that feature's code (the outbox, tus-js-client).
 */
export function registerSiteApp(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" }).catch(() => null);
  if ("requestIdleCallback" in window) requestIdleCallback(register, { timeout: 5000 });
  else setTimeout(register, 2000);
}

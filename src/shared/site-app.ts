/** The installable site app (docs/product.md#the-site-app): its screen, manifest and service worker. */

/** The screen the app opens on. */
export const SITE_PATH = "/site";
export const SITE_APP_MANIFEST_PATH = "/manifest.webmanifest";
export const SERVICE_WORKER_PATH = "/sw.js";

/** The brand's navy (the pages' theme-color) and the light pages' background. */
export const SITE_APP_THEME_COLOR = "#051822";
export const SITE_APP_BACKGROUND_COLOR = "#ffffff";

/** Drawn from public/brand/logo.svg by build/site-app.ts. */
export const SITE_APP_ICONS = [
  { src: "brand/site-app-192.png", size: 192, purpose: "any" },
  { src: "brand/site-app-512.png", size: 512, purpose: "any" },
  { src: "brand/site-app-maskable-512.png", size: 512, purpose: "maskable" },
] as const;

/** The web app manifest the build writes to /manifest.webmanifest. */
export function siteAppManifest() {
  return {
    name: "Crestbuild Site",
    short_name: "Site",
    description: "Your projects on site: diary, snags and photos, readable with no network.",
    id: SITE_PATH,
    start_url: SITE_PATH,
    scope: "/",
    display: "standalone",
    theme_color: SITE_APP_THEME_COLOR,
    background_color: SITE_APP_BACKGROUND_COLOR,
    icons: SITE_APP_ICONS.map((icon) => ({
      src: `/${icon.src}`,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}

/** The last days of the site diary /site keeps on the device. */
export const SITE_DIARY_DAYS = 14;

/** The projects /site lists: the ones still to be built or being built. */
export const SITE_PROJECT_STATUSES = ["planning", "in_progress", "on_hold"] as const;

/**
 * Background Sync of the site app's outbox (docs/decisions/151-site-app-outbox.md): the page registers the tag when it
 * keeps something to send; the service worker's `sync` event posts the message to the open pages, which send (the
 * worker cannot: the access token lives in the page's memory only). The worker is compiled on its own, without
 * imports, so it spells both out; src/server/platform/site-app.test.ts checks they match.
 */
export const OUTBOX_SYNC_TAG = "crestbuild-outbox";
export const OUTBOX_SYNC_MESSAGE = "crestbuild-outbox-sync";

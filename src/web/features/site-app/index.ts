/** The installable site app: /site's screen and the service worker's registration (docs/product.md#the-site-app). */
export { registerSiteApp } from "./register-service-worker";
export { SiteScreen } from "./SiteScreen";

/** The installable site app: /site's screen (docs/product.md#the-site-app). */
export { SiteScreen } from "./SiteScreen";

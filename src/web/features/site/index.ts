// The public site feature's public entry: what the portal's features may use.
export { siteKeys, sitePaths } from "./queries";

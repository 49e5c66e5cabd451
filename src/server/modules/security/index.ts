/** What the security centre offers the app and other modules: its wiring and the open alerts' count. */
export { openAlertCount, type SecurityModuleOptions, securityModule } from "./module.js";

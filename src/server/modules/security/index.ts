/** What the security centre offers the app and other modules: its wiring, the open alerts' count, and CSV cells. */

/** One CSV cell, quoted when needed and never a spreadsheet formula: every CSV export of the API writes its cells with it. */
export { csvCell } from "./access-log.js";
export { openAlertCount, type SecurityModuleOptions, securityModule } from "./module.js";

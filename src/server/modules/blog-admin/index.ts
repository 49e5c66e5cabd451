/** The blog management module's entry: its wiring. */
export { type BlogAdminModuleOptions, blogAdminModule } from "./module.js";

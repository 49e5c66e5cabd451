/** The contact module's entry: its wiring. */
export { type ContactModuleOptions, contactModule } from "./module.js";

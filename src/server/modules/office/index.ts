/** The office overview module's entry: its wiring. */
export { type OfficeModuleOptions, officeModule } from "./module.js";

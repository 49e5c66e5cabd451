/** The inquiries module's entry: its wiring. */
export { type InquiriesModuleOptions, inquiriesModule } from "./module.js";

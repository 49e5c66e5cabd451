/** The people module's entry: its wiring. */
export { type PeopleModuleOptions, peopleModule } from "./module.js";

/** The projects module's entry: its wiring. */
export { type ProjectsModuleOptions, projectsModule } from "./module.js";

/** The projects module's entry: its wiring. */
export { type ProjectsModuleOptions, projectsModule, type WeeklyReportJob } from "./module.js";

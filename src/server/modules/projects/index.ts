/** The projects module's entry: its wiring, the guard other modules check projects with, and what takes finished uploads. */
export type { FinishedUpload, TakeFinishedUploads } from "./finished-uploads.js";
export { createProjectGuard, type ProjectGuard } from "./guard.js";
export { type ProjectsModuleOptions, projectsModule, type WeeklyReportJob } from "./module.js";

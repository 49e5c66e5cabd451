/** The resumable uploads module's entry: what the app builds and registers, and what the project routes take uploads with. */
export { createResumableUploads, type ResumableUploads, uploadsModule } from "./module.js";

/** GET /api/users (staff and admins): the staff directory; the schemas are in ./answers/people.ts (staffDirectory). */
export type { DirectoryEntry, StaffDirectory } from "./answers/people.js";

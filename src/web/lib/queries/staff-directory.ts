import type { StaffDirectory } from "../../../shared/staff-directory";
import { privateQuery } from "../query/api-query";

/** Approved staff and admins (staff and admins may ask): whom a manager, a team, an inquiry's assignee or a colleague to write to is chosen from. */
export const staffDirectoryQuery = privateQuery<StaffDirectory>(["/users"]);

import type { PeopleDirectory, StaffDetails } from "../../../shared/people";
import { apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

export const peopleQuery = privateQuery<PeopleDirectory>(["/people"]);

/** HR (or an admin) lets a pending staff account in from the HR dashboard; the audit log keeps who did. */
export const approveStaff = (userId: string) => apiRequest<{ id: string }>("POST", `/people/${encodeURIComponent(userId)}/approve`, {});

/** A staff record's job title and extension (HR and admins). */
export const saveStaffDetails = (userId: string, details: StaffDetails) =>
  apiRequest<StaffDetails & { id: string }>("PUT", `/people/${encodeURIComponent(userId)}/details`, details);

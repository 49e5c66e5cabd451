import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { users } from "./schema.js";

/** Staff accounts waiting for an admin's approval (blocked ones are not waiting). Shared by HR's list and the office overview. */
export const awaitingApproval = and(eq(users.role, "staff"), isNull(users.approvedAt), eq(users.active, true));

/** The people of the company: active, approved staff and admins. */
export const activeStaff = and(inArray(users.role, ["staff", "admin"]), eq(users.active, true), isNotNull(users.approvedAt));

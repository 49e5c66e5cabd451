import type { CallHistory, CallMembers, IceServerList } from "../../../shared/calls";
import { apiRequest } from "../../lib/http/client";
import { privateQuery } from "../../lib/query/api-query";

/** The department's members with who is online and in a call, and its calls going on (the viewer's own by default). */
export const callMembersQuery = (department?: string) => privateQuery<CallMembers>(["/calls/members", { department }]);

/** The viewer's calls, newest first. */
export const callHistoryQuery = privateQuery<CallHistory>(["/calls"]);

/** STUN and TURN entries with fresh credentials, asked for at each call. */
export const fetchIceServers = () => apiRequest<IceServerList>("GET", "/calls/ice-servers");

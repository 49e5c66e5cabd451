import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canMakeCalls, canUseDepartmentChannel } from "../../../shared/access.js";
import { callHistory as callHistoryAnswer, callMembers, iceServerList } from "../../../shared/answers/calls.js";
import { type CallMembers, callHistoryQuerySchema, callMembersQuerySchema, iceServersRefused } from "../../../shared/calls.js";
import { isDepartmentName } from "../../../shared/departments.js";
import { wording } from "../../../shared/wording.js";
import type { AppDb } from "../../db/client.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer, requireAccess } from "../../platform/authenticate.js";
import { ApiError, ok } from "../../platform/envelope.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { CallStore } from "./call-store.js";
import { callHistory } from "./history.js";
import { iceServersFor, type TurnConfig } from "./ice-servers.js";

type Options = {
  db: AppDb;
  store: CallStore;
  hub: RealtimeHub;
  turn: TurnConfig | undefined;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

/** /api/calls: the call history, the department's members with who is online, and the ICE servers. */
export async function callsRoutes(app: FastifyInstance, { db, store, hub, turn, requireUser }: Options) {
  const guard = { preValidation: [requireUser, requireAccess(canMakeCalls)] };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/calls",
    {
      ...guard,
      schema: {
        description:
          "staff and admins → `{ items, hasMore }`: the caller's calls, newest first, 20 at a time (`before`: an ISO time): `{ callId, department, media, caller, answeredBy, startedAt, endedAt, durationSeconds, missed }`",
        summary: "The caller's calls, newest first",
        querystring: callHistoryQuerySchema,
        response: { 200: envelope(callHistoryAnswer) },
      },
    },
    async (request) => {
      const { before } = request.query;
      return ok(await callHistory(db, currentViewer(request).id, before ? new Date(before) : undefined));
    },
  );

  routes.get(
    "/calls/members",
    {
      ...guard,
      schema: {
        description:
          "staff (their own department) and admins (any) → `{ department, members: [{ id, name, email, department, online, inCall }], activeCalls: [{ callId, media, participantCount }] }`",
        summary: "A department's members, who is online or in a call, and its calls going on",
        querystring: callMembersQuerySchema,
        response: { 200: envelope(callMembers) },
      },
    },
    async (request) => {
      const viewer = currentViewer(request);
      const department = request.query.department ?? viewer.department;
      if (!isDepartmentName(department) || !canUseDepartmentChannel(viewer, department))
        throw new ApiError(403, wording.accessDenied, "forbidden");
      const members = await store.departmentMembers(department, viewer.id);
      const ids = members.map((member) => member.id);
      const online = new Set(ids.length > 0 ? await hub.online(ids) : []);
      const busy = await store.inACall(ids);
      const activeCalls = await store.activeCallsOf(department);
      return ok({
        department,
        members: members.map((member) => ({ ...member, online: online.has(member.id), inCall: busy.has(member.id) })),
        activeCalls,
      } satisfies CallMembers);
    },
  );

  // Time-limited TURN credentials for this user (never the secret), only while rung for a call or in one: a relay
  // open to any staff account would carry anyone's traffic. Host candidates only without TURN.
  routes.get(
    "/calls/ice-servers",
    {
      ...guard,
      schema: {
        description:
          "staff and admins being rung for a call or in one → `{ iceServers, expiresAt }`: STUN and TURN entries with coturn REST credentials valid 1 hour (`Cache-Control: no-store`); 403 `not_in_call` otherwise; `[]` without `TURN_URLS`",
        summary: "STUN and TURN servers for the caller's call",
        response: { 200: envelope(iceServerList) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { id } = currentViewer(request);
      if (turn && !(await store.ringingOrInCall(id))) throw new ApiError(403, iceServersRefused, "not_in_call");
      return ok(iceServersFor(turn, id));
    },
  );
}

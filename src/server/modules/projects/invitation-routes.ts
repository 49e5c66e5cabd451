import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { currentViewer } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { Invitations } from "./invitations.js";
import { idParam } from "./params.js";

type Options = { invitations: Invitations; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

const tokenParam = z.object({ token: z.string().min(1).max(100) });

/** Invitations of a project's client: sent by the project office, opened from the email (the preview needs no session). */
export async function invitationRoutes(app: FastifyInstance, { invitations, requireUser }: Options) {
  const viewer = currentViewer;
  const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");
  const tokenOf = (request: FastifyRequest) => parseInput(tokenParam, request.params).token;

  app.get("/projects/:id/invitations", { preValidation: requireUser }, async (request) =>
    ok({ pending: await invitations.pending(viewer(request), projectIdOf(request)) }),
  );
  // Each invitation is an email to an address the sender chooses: a ceiling per person besides the counts of the service.
  app.post("/projects/:id/invitations", { preValidation: requireUser, config: perUserLimit(30, 60) }, async (request, reply) =>
    reply.status(201).send(ok(await invitations.invite(viewer(request), projectIdOf(request), request.body))),
  );
  app.get("/invitations/:token", { config: perAddressLimit(60, 15) }, async (request) => ok(await invitations.preview(tokenOf(request))));
  app.post("/invitations/:token/accept", { preValidation: requireUser, config: perUserLimit(30, 15) }, async (request) =>
    ok(await invitations.accept(viewer(request), tokenOf(request))),
  );
}

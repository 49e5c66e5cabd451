import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { acceptedInvitation, invitationPreview, pendingInvitation, projectInvitation } from "../../../shared/answers/projects.js";
import { projectInvitationSchema } from "../../../shared/projects.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { Invitations } from "./invitations.js";
import { projectIdOf } from "./params.js";

type Options = { invitations: Invitations; requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void> };

const tokenParam = z.object({ token: z.string().min(1).max(100) });

/** Invitations of a project's client: sent by the project office, opened from the email (the preview needs no session). */
export async function invitationRoutes(app: FastifyInstance, { invitations, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    "/projects/:id/invitations",
    {
      preValidation: requireUser,
      schema: {
        description:
          "the project office: `{ name, email }` emails the client a single-use link (7 days) to register or sign in and land on the project; 409 when the project has a client; 20 an hour per sender, 5 a day per project",
        summary: "The invitation of the project's client still waiting, if any",
        response: { 200: envelope(pendingInvitation) },
      },
    },
    async (request) => ok({ pending: await invitations.pending(viewer(request), projectIdOf(request)) }),
  );
  // Each invitation is an email to an address the sender chooses: a ceiling per person besides the counts of the service.
  // Whether the caller may invite is asked first, so that 404 and 403 come before any 400 about the body.
  routes.post(
    "/projects/:id/invitations",
    {
      preValidation: [requireUser, async (request) => invitations.mayInvite(viewer(request), projectIdOf(request))],
      config: perUserLimit(30, 60),
      schema: {
        description:
          "the project office: `{ name, email }` emails the client a single-use link (7 days) to register or sign in and land on the project; 409 when the project has a client; 20 an hour per sender, 5 a day per project",
        summary: "Invite the project's client by email",
        body: projectInvitationSchema,
        response: { 201: envelope(projectInvitation) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await invitations.invite(viewer(request), projectIdOf(request), request.body))),
  );
  routes.get(
    "/invitations/:token",
    {
      config: perAddressLimit(60, 15),
      schema: {
        description:
          "the invitation's project and address (no session); accept: signed in with the invited address, the project becomes theirs",
        summary: "What an invitation's link fills in",
        params: tokenParam,
        response: { 200: envelope(invitationPreview) },
      },
    },
    async (request) => ok(await invitations.preview(request.params.token)),
  );
  routes.post(
    "/invitations/:token/accept",
    {
      preValidation: requireUser,
      config: perUserLimit(30, 15),
      schema: {
        description:
          "the invitation's project and address (no session); accept: signed in with the invited address, the project becomes theirs",
        summary: "Become the client of the invitation's project",
        params: tokenParam,
        response: { 200: envelope(acceptedInvitation) },
      },
    },
    async (request) => ok(await invitations.accept(viewer(request), request.params.token)),
  );
}

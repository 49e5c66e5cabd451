import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { canConsentToPortfolio, canRequestProject, canRunProjects } from "../../../shared/access.js";
import {
  clientOptions,
  milestoneChange,
  milestoneSchedule,
  portfolioCandidatesPage,
  projectAfterUpdate,
  projectDetail,
  projectFeed,
  projectListPage,
  projectProgress,
  projectStats,
} from "../../../shared/answers/projects.js";
import {
  clientSearchQuerySchema,
  milestoneCreateSchema,
  milestoneMoveSchema,
  milestoneUpdateSchema,
  portfolioCandidatesQuerySchema,
  portfolioConsentSchema,
  projectCreateSchema,
  projectListQuerySchema,
  projectUpdateSchema,
} from "../../../shared/projects.js";
import { envelope } from "../../platform/api-schemas.js";
import { currentViewer } from "../../platform/authenticate.js";
import { ok } from "../../platform/envelope.js";
import { accessDenied } from "../../platform/errors.js";
import { idParam } from "../../platform/params.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { ProjectGuard } from "./guard.js";
import type { Milestones } from "./milestones.js";
import type { Overview } from "./overview.js";
import { projectIdFound, projectIdOf } from "./params.js";
import type { ProjectsService } from "./service.js";

type Options = {
  projects: ProjectsService;
  milestones: Milestones;
  overview: Overview;
  guard: ProjectGuard;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const milestoneIdOf = (request: FastifyRequest) => idParam(request.params, "milestoneId", "Milestone not found.");

/**
 * Before the body is checked: a malformed project id is a 404 like an unknown one (the route's params are read by
 * idParam, not a schema, which would answer 400).
 */

/** New projects are the project office's, requests the clients': anyone else is refused before their body is read. */
async function mayCreateProjects(request: FastifyRequest) {
  const viewer = currentViewer(request);
  if (!canRunProjects(viewer) && !canRequestProject(viewer)) throw accessDenied();
}

/** Projects, their schedule, the dashboards' feed and the office's figures. Every route needs a signed-in caller. */
export async function projectsRoutes(app: FastifyInstance, { projects, milestones, overview, guard, requireUser }: Options) {
  const viewer = currentViewer;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  /*
   * A schedule change: 404 for a malformed project or milestone id or a project the caller may not read, 403 when they
   * may not edit it, all before the body is checked (as the service did before the body had a schema).
   */
  const editableProject = async (request: FastifyRequest) => {
    await guard.edit(viewer(request), projectIdOf(request));
  };
  /** The client's say on the website: 404 for a project the caller may not read, 403 for anyone but its client. */
  const ownProject = async (request: FastifyRequest) => {
    const parties = await guard.read(viewer(request), projectIdOf(request));
    if (!canConsentToPortfolio(viewer(request), parties)) throw accessDenied();
  };
  const editableMilestone = async (request: FastifyRequest) => {
    const projectId = projectIdOf(request);
    milestoneIdOf(request);
    await guard.edit(viewer(request), projectId);
  };

  routes.get(
    "/projects",
    {
      preValidation: requireUser,
      schema: {
        description:
          "readable projects only → `{ items, total, page, pageSize, pageCount }`; sort `updated`, `created`, `title`, `reference`, `target`, `progress` (`-` descending, default `-updated`), pageSize ≤ 100",
        summary: "A page of the projects the caller may read",
        querystring: projectListQuerySchema,
        response: { 200: envelope(projectListPage) },
      },
    },
    async (request) => ok(await projects.list(viewer(request), request.query)),
  );
  // A ceiling on new projects and requests from one address (each request notifies the whole project office).
  // Only the project office and clients may: anyone else gets 403 before any 400. A client's request takes only its own
  // fields of the body (create.ts).
  routes.post(
    "/projects",
    {
      preValidation: [requireUser, mayCreateProjects],
      config: perAddressLimit(60, 60),
      schema: {
        description:
          "project office and admins: `{ title, description, category, city, … }` → 201 project; clients: `{ title, description, category, address?, city, state?, startDate? }` → 201 request (status `requested`, the office is notified)",
        summary: "Create a project, or request one as a client",
        body: projectCreateSchema,
        response: { 201: envelope(projectDetail) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await projects.create(viewer(request), request.body))),
  );
  routes.get(
    "/projects/feed",
    {
      preValidation: requireUser,
      schema: {
        description: "latest updates, milestones due in 30 days and overdue, latest documents of the caller's projects",
        summary: "The client dashboard's news across the caller's projects",
        response: { 200: envelope(projectFeed) },
      },
    },
    async (request) => ok(await overview.feed(viewer(request))),
  );
  routes.get(
    "/projects/stats",
    {
      preValidation: requireUser,
      schema: {
        description: "admins and oversight departments: counts by status, active, completion rate, pipeline, overdue milestones",
        summary: "Figures over every project, for those who oversee them all",
        response: { 200: envelope(projectStats) },
      },
    },
    async (request) => ok(await overview.stats(viewer(request))),
  );
  routes.get(
    "/projects/clients",
    {
      preValidation: requireUser,
      schema: {
        description:
          "the project office and admins: up to 20 client accounts (`{ clients: [{ id, name, email, company }] }`) to give a new project to",
        summary: "Client accounts the project office may give a project to",
        querystring: clientSearchQuerySchema,
        response: { 200: envelope(clientOptions) },
      },
    },
    async (request) => ok({ clients: await projects.clients(viewer(request), request.query.search) }),
  );
  routes.get(
    "/projects/portfolio-candidates",
    {
      preValidation: requireUser,
      schema: {
        description:
          "Digital Marketing and admins: every project in progress or completed with no client or its client's agreement, and those already shown, whoever works on them; public fields only (with `consentGivenAt`), 20 a page",
        summary: "Projects the portfolio managers may show on the public site",
        querystring: portfolioCandidatesQuerySchema,
        response: { 200: envelope(portfolioCandidatesPage) },
      },
    },
    async (request) => ok(await projects.portfolioCandidates(viewer(request), request.query)),
  );

  routes.get(
    "/projects/:id",
    {
      preValidation: requireUser,
      schema: {
        description:
          "the project page with `permissions`; PUT any subset (details: editors; `clientId`, `managerId`, `teamIds`: the project office; `isPortfolio`, `publicSummary`, `highlights`: Digital Marketing and admins, on projects they may read: 404 otherwise); DELETE admins → 204",
        summary: "A project's page",
        response: { 200: envelope(projectDetail) },
      },
    },
    async (request) => ok(await projects.get(viewer(request), projectIdOf(request))),
  );
  routes.put(
    "/projects/:id",
    {
      preValidation: [requireUser, projectIdFound],
      schema: {
        description:
          "the project page with `permissions`; PUT any subset (details: editors; `clientId`, `managerId`, `teamIds`: the project office; `isPortfolio`, `publicSummary`, `highlights`: Digital Marketing and admins, on projects they may read: 404 otherwise); DELETE admins → 204",
        summary: "Change a project (any subset of its fields)",
        body: projectUpdateSchema,
        response: { 200: envelope(projectAfterUpdate) },
      },
    },
    async (request) => ok(await projects.update(viewer(request), projectIdOf(request), request.body)),
  );
  // Each change rewrites the public site's pages (its content version): a ceiling on flipping it back and forth.
  routes.put(
    "/projects/:id/portfolio-consent",
    {
      preValidation: [requireUser, ownProject],
      config: perUserLimit(30, 15),
      schema: {
        description:
          "the project's client only: `{ consent }` → the project with `portfolioConsent { givenAt, givenBy }`; the first agreement is kept; `false` takes the project off the public site at once; 30 in 15 minutes per person",
        summary: "The client agrees to the project being shown publicly, or withdraws",
        body: portfolioConsentSchema,
        response: { 200: envelope(projectDetail) },
      },
    },
    async (request) => ok(await projects.setPortfolioConsent(viewer(request), projectIdOf(request), request.body.consent)),
  );
  routes.delete(
    "/projects/:id",
    {
      preValidation: requireUser,
      schema: {
        description:
          "the project page with `permissions`; PUT any subset (details: editors; `clientId`, `managerId`, `teamIds`: the project office; `isPortfolio`, `publicSummary`, `highlights`: Digital Marketing and admins, on projects they may read: 404 otherwise); DELETE admins → 204",
        summary: "Delete a project (204, no body)",
      },
    },
    async (request, reply) => {
      await projects.remove(viewer(request), projectIdOf(request));
      return reply.status(204).send();
    },
  );

  routes.post(
    "/projects/:id/milestones",
    {
      preValidation: [requireUser, editableProject],
      schema: {
        description:
          "`{ title, dueDate?, weight?, position? }` → 201 `{ milestone, progress }`: placed by its due date (no date last) unless `position` is given; a milestone's `weight` is answered to staff and admins only",
        summary: "Add a milestone to the schedule",
        body: milestoneCreateSchema,
        response: { 201: envelope(milestoneChange) },
      },
    },
    async (request, reply) => reply.status(201).send(ok(await milestones.add(viewer(request), projectIdOf(request), request.body))),
  );
  routes.put(
    "/projects/:id/milestones/:milestoneId",
    {
      preValidation: [requireUser, editableMilestone],
      schema: {
        description: "`{ …, done? }` → `{ milestone, progress }` (a new due date takes it to its place by date); DELETE → `{ progress }`",
        summary: "Change a milestone, or mark it done",
        body: milestoneUpdateSchema,
        response: { 200: envelope(milestoneChange) },
      },
    },
    async (request) => ok(await milestones.update(viewer(request), projectIdOf(request), milestoneIdOf(request), request.body)),
  );
  routes.post(
    "/projects/:id/milestones/:milestoneId/move",
    {
      preValidation: [requireUser, editableMilestone],
      schema: {
        description: 'editors; `{ direction: "up" \\| "down" }` → `{ milestones }`: the schedule in its new order',
        summary: "Move a milestone one place up or down the schedule",
        body: milestoneMoveSchema,
        response: { 200: envelope(milestoneSchedule) },
      },
    },
    async (request) => ok(await milestones.move(viewer(request), projectIdOf(request), milestoneIdOf(request), request.body)),
  );
  routes.delete(
    "/projects/:id/milestones/:milestoneId",
    {
      preValidation: requireUser,
      schema: {
        description: "`{ …, done? }` → `{ milestone, progress }` (a new due date takes it to its place by date); DELETE → `{ progress }`",
        summary: "Remove a milestone",
        response: { 200: envelope(projectProgress) },
      },
    },
    async (request) => ok(await milestones.remove(viewer(request), projectIdOf(request), milestoneIdOf(request))),
  );
}

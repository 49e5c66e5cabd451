import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientSearchQuerySchema, portfolioCandidatesQuerySchema, projectListQuerySchema } from "../../../shared/projects.js";
import { currentViewer } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { perAddressLimit, perUserLimit } from "../../platform/rate-limit.js";
import type { Milestones } from "./milestones.js";
import type { Overview } from "./overview.js";
import { idParam } from "./params.js";
import type { ProjectsService } from "./service.js";

type Options = {
  projects: ProjectsService;
  milestones: Milestones;
  overview: Overview;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

const milestoneIdOf = (request: FastifyRequest) => idParam(request.params, "milestoneId", "Milestone not found.");

/** Projects, their schedule, the dashboards' feed and the office's figures. Every route needs a signed-in caller. */
export async function projectsRoutes(app: FastifyInstance, { projects, milestones, overview, requireUser }: Options) {
  app.addHook("preValidation", requireUser);
  const viewer = currentViewer;
  const projectIdOf = (request: FastifyRequest) => idParam(request.params, "id");

  app.get("/projects", async (request) => ok(await projects.list(viewer(request), parseInput(projectListQuerySchema, request.query))));
  // A ceiling on new projects and requests from one address (each request notifies the whole project office).
  app.post("/projects", { config: perAddressLimit(60, 60) }, async (request, reply) =>
    reply.status(201).send(ok(await projects.create(viewer(request), request.body))),
  );
  app.get("/projects/feed", async (request) => ok(await overview.feed(viewer(request))));
  app.get("/projects/stats", async (request) => ok(await overview.stats(viewer(request))));
  app.get("/projects/clients", async (request) =>
    ok({ clients: await projects.clients(viewer(request), parseInput(clientSearchQuerySchema, request.query).search) }),
  );
  app.get("/projects/portfolio-candidates", async (request) =>
    ok(await projects.portfolioCandidates(viewer(request), parseInput(portfolioCandidatesQuerySchema, request.query))),
  );

  app.get("/projects/:id", async (request) => ok(await projects.get(viewer(request), projectIdOf(request))));
  app.put("/projects/:id", async (request) => ok(await projects.update(viewer(request), projectIdOf(request), request.body)));
  // Each change rewrites the public site's pages (its content version): a ceiling on flipping it back and forth.
  app.put("/projects/:id/portfolio-consent", { config: perUserLimit(30, 15) }, async (request) =>
    ok(await projects.setPortfolioConsent(viewer(request), projectIdOf(request), request.body)),
  );
  app.delete("/projects/:id", async (request, reply) => {
    await projects.remove(viewer(request), projectIdOf(request));
    return reply.status(204).send();
  });

  app.post("/projects/:id/milestones", async (request, reply) =>
    reply.status(201).send(ok(await milestones.add(viewer(request), projectIdOf(request), request.body))),
  );
  app.put("/projects/:id/milestones/:milestoneId", async (request) =>
    ok(await milestones.update(viewer(request), projectIdOf(request), milestoneIdOf(request), request.body)),
  );
  app.post("/projects/:id/milestones/:milestoneId/move", async (request) =>
    ok(await milestones.move(viewer(request), projectIdOf(request), milestoneIdOf(request), request.body)),
  );
  app.delete("/projects/:id/milestones/:milestoneId", async (request) =>
    ok(await milestones.remove(viewer(request), projectIdOf(request), milestoneIdOf(request))),
  );
}

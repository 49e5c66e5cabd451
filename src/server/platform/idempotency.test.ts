import { connect } from "node:net";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterEach, describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEEP_HOURS, idempotencyMessages } from "../../shared/idempotency.js";
import { contactInquiries, idempotentRequests, milestones, projectPhotos, projectUpdates } from "../db/schema.js";
import { accountsClient } from "../testing/accounts.js";
import { jpegWithGps } from "../testing/images.js";
import type { SignedIn } from "../testing/people.js";
import { setUpTestServer } from "../testing/set-up-test-server.js";
import { startTestServer, testDatabase } from "../testing/test-app.js";
import { registerApiEnvelope } from "./envelope.js";
import { MAX_KEPT_ANSWER_BYTES, registerIdempotencyKeys } from "./idempotency.js";
import { purgeExpired } from "./retention.js";

const { server, mail, call, upload, people, createProject, registerVerified } = setUpTestServer();

const db = async () => (await testDatabase()).db;
const keyed = (person: SignedIn, key: string) => ({ ...person.auth, "idempotency-key": key });
const replayed = (answer: { headers: Headers }) => answer.headers.get("idempotent-replayed");

const milestonesOf = async (projectId: number) =>
  (await (await db()).select().from(milestones).where(eq(milestones.projectId, projectId))).map((row) => row.title);
const entriesOf = async (projectId: number) => (await db()).select().from(projectUpdates).where(eq(projectUpdates.projectId, projectId));
const photosOf = async (projectId: number) => (await db()).select().from(projectPhotos).where(eq(projectPhotos.projectId, projectId));

describe("a repeated request with an Idempotency-Key", () => {
  it("sent ten times at once as a site diary entry, writes one entry, and all ten answers carry it", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload(`/projects/${projectId}/updates`, [], keyed(admin, "entry-0001"), { body: "Blockwork up to lintel level." }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.raw.toString("utf8"))).size).toBe(1);
    expect(answers.filter((answer) => replayed(answer) === "true")).toHaveLength(9);
    expect((await entriesOf(projectId)).map((entry) => entry.id)).toEqual([answers[0]?.body.data.id]);
  });

  it("after the first has finished, gets the same status and bytes, marked replayed, and changes nothing", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);
    const path = `/projects/${projectId}/milestones`;

    const first = await call(path, { title: "Roof slab cast", weight: 3 }, keyed(admin, "milestone-roof"));
    // The same values in another order are the same request.
    const again = await call(path, { weight: 3, title: "Roof slab cast" }, keyed(admin, "milestone-roof"));

    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe("true");
    expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(again.raw.equals(first.raw)).toBe(true);
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(await milestonesOf(projectId)).toEqual(["Roof slab cast"]);
    // Without a key, the same request is another milestone.
    expect((await call(path, { title: "Roof slab cast", weight: 3 }, admin.auth)).status).toBe(201);
    expect(await milestonesOf(projectId)).toHaveLength(2);
  });

  it("is the person's own: another person's same key is another request, and neither is given the other's answer", async () => {
    const admin = await people.admin();
    const manager = await people.staff("manager@crestbuild.ng", "Projects");
    const projectId = await createProject(admin, { managerId: manager.id });
    const path = `/projects/${projectId}/milestones`;

    const byAdmin = await call(path, { title: "Foundations" }, keyed(admin, "shared-key"));
    const byManager = await call(path, { title: "Foundations" }, keyed(manager, "shared-key"));
    const adminAgain = await call(path, { title: "Foundations" }, keyed(admin, "shared-key"));

    expect([byAdmin.status, byManager.status]).toEqual([201, 201]);
    expect(replayed(byManager)).toBeNull();
    expect(byManager.body.data.milestone.id).not.toBe(byAdmin.body.data.milestone.id);
    expect(replayed(adminAgain)).toBe("true");
    expect(adminAgain.body.data.milestone.id).toBe(byAdmin.body.data.milestone.id);
    expect(await milestonesOf(projectId)).toEqual(["Foundations", "Foundations"]);
  });

  it("with another body or path is refused with 422, and changes nothing", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);
    const otherProjectId = await createProject(admin, { title: "Maitama Office Block" });

    expect((await call(`/projects/${projectId}/milestones`, { title: "Plastering" }, keyed(admin, "k-1"))).status).toBe(201);
    const otherBody = await call(`/projects/${projectId}/milestones`, { title: "Painting" }, keyed(admin, "k-1"));
    const otherPath = await call(`/projects/${otherProjectId}/milestones`, { title: "Plastering" }, keyed(admin, "k-1"));
    const otherMethod = await call(`/projects/${projectId}`, { progress: 40 }, keyed(admin, "k-1"), "PUT");

    for (const refused of [otherBody, otherPath, otherMethod]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        success: false,
        error: "idempotency_key_reused",
        message: idempotencyMessages.differentRequest,
      });
    }
    expect(await milestonesOf(projectId)).toEqual(["Plastering"]);
    expect(await milestonesOf(otherProjectId)).toEqual([]);
  });

  it("with a malformed key is refused with 400 before it runs", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);
    const path = `/projects/${projectId}/milestones`;

    for (const key of ["", "x".repeat(256), "two words", "caf\u00e9"]) {
      const refused = await call(path, { title: "Scaffolding" }, keyed(admin, key));
      expect(refused.status, JSON.stringify(key)).toBe(400);
      expect(refused.body).toMatchObject({ error: "invalid_idempotency_key", message: idempotencyMessages.invalidKey });
    }
    expect(await milestonesOf(projectId)).toEqual([]);
    expect((await call(path, { title: "Scaffolding" }, keyed(admin, "~".repeat(255)))).status).toBe(201);
  });

  it("made without signing in runs each time: an anonymous key is no one's to replay", async () => {
    const inquiry = { name: "Ngozi Eze", email: "ngozi@example.com", subject: "A quote", message: "Please quote for a bungalow." };
    const headers = { "idempotency-key": "contact-1" };
    expect((await call("/contact", inquiry, headers)).status).toBe(201);
    const again = await call("/contact", inquiry, headers);
    expect(again.status).toBe(201);
    expect(replayed(again)).toBeNull();
    expect(await (await db()).select().from(contactInquiries)).toHaveLength(2);
  });

  it("of a diary entry with a photo, replayed, leaves one entry and one photo, and answers the same bytes, compressed like any answer", async () => {
    const admin = await people.admin();
    const projectId = await createProject(admin);
    const image = await jpegWithGps(640, 480);
    // Long enough for an answer over the compression threshold: what is kept is the answer before compression.
    const text = "Columns cast on the first floor. ".repeat(50);
    const send = () =>
      upload(
        `/projects/${projectId}/updates`,
        [{ field: "images", name: "columns.jpg", type: "image/jpeg", data: image }],
        keyed(admin, "entry-with-photo"),
        { body: text, caption: "Columns" },
      );

    const first = await send();
    const again = await send();

    expect(first.status).toBe(201);
    expect(first.headers.get("content-encoding")).not.toBeNull();
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe("true");
    expect(again.headers.get("content-encoding")).not.toBeNull();
    expect(again.raw.equals(first.raw)).toBe(true);
    expect(again.body.data.body).toBe(text.trim());
    expect(await entriesOf(projectId)).toHaveLength(1);
    expect(await photosOf(projectId)).toHaveLength(1);
  });

  it("is documented on every signed-in change of the OpenAPI document, and not on sign-in routes", async () => {
    const admin = await people.admin();
    const answer = await fetch(server().url("/api/openapi.json"), { headers: admin.auth });
    const paths = ((await answer.json()) as OpenAPIV3_1.Document).paths ?? {};
    const headerNames = (operation: OpenAPIV3_1.OperationObject | undefined) =>
      (operation?.parameters ?? []).flatMap((parameter) => {
        const { in: where, name } = parameter as OpenAPIV3_1.ParameterObject;
        return where === "header" ? [name] : [];
      });
    expect(headerNames(paths["/api/projects/{id}/milestones"]?.post)).toContain("Idempotency-Key");
    expect(headerNames(paths["/api/projects/{id}/updates"]?.post)).toContain("Idempotency-Key");
    expect(headerNames(paths["/api/projects/{id}/updates"]?.get)).toEqual([]);
    expect(headerNames(paths["/api/auth/logout"]?.post)).toEqual([]);
  });
});

describe("keys on two instances of one database", () => {
  it("ten repeats of a diary entry at once, split between the instances, write one entry", async () => {
    const second = await startTestServer({ SMTP_URL: mail().url }, { keepData: true });
    try {
      const onSecond = accountsClient(() => second, mail);
      const admin = await people.admin();
      const projectId = await createProject(admin);
      const send = (index: number) =>
        (index % 2 === 0 ? upload : onSecond.upload)(`/projects/${projectId}/updates`, [], keyed(admin, "split-entry"), {
          body: "Ring beam poured.",
        });

      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => send(index)));

      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
      expect(answers.filter((answer) => replayed(answer) === "true")).toHaveLength(9);
      expect(await entriesOf(projectId)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe("the retention purge of keys", () => {
  it(`deletes the keys claimed more than ${IDEMPOTENCY_KEEP_HOURS} hours ago and keeps the younger ones`, async () => {
    const userId = await registerVerified("keys@example.com");
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const row = (key: string, createdAt: Date) => ({ userId, key, method: "POST", path: "/api/x", fingerprint: "f", createdAt });
    await (await db())
      .insert(idempotentRequests)
      .values([row("old", hoursAgo(IDEMPOTENCY_KEEP_HOURS + 1)), row("young", hoursAgo(IDEMPOTENCY_KEEP_HOURS - 1))]);

    expect((await purgeExpired(await db())).idempotencyKeys).toBe(1);
    expect((await (await db()).select().from(idempotentRequests)).map((kept) => kept.key)).toEqual(["young"]);
  });
});

/**
 * The plugin on a small app of its own, whose routes fail, refuse or wait as a test needs; the caller is the user named
 * by a header, as requireUser would set them.
 */
describe("the Idempotency-Key plugin", () => {
  let opened: FastifyInstance | undefined;
  let address = "";
  afterEach(() => opened?.close());

  /** Sends the head of a request and 10 of the 1,000 bytes its body declares, as a dropped line would; answers the status line. */
  function sendPartOfABody(path: string, key: string): Promise<string> {
    const { hostname, port } = new URL(address);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n` +
            `Idempotency-Key: ${key}\r\n\r\n${"x".repeat(10)}`,
        );
      });
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
        if (!answer.includes("\r\n\r\n")) return;
        resolve(answer.split("\r\n")[0] ?? "");
        socket.destroy();
      });
      socket.on("error", reject);
    });
  }

  async function smallApp(waitMs = 60_000) {
    const userId = await registerVerified("plugin@example.com");
    const instance = Fastify();
    registerApiEnvelope(instance);
    instance.decorateRequest("user", null);
    instance.addHook("preValidation", async (request) => {
      request.user = { userId, role: "admin", department: "Admin", sessionId: "small-app" };
    });
    registerIdempotencyKeys(instance, { db: await db(), waitMs });
    opened = instance;
    /** Starts listening; answers how to post to a path with a key. */
    const listen = async () => {
      address = await instance.listen({ host: "127.0.0.1", port: 0 });
      return (path: string, key: string) => fetch(`${address}${path}`, { method: "POST", headers: { "idempotency-key": key } });
    };
    return { app: instance, listen };
  }

  it("releases the key of a first attempt that fails with a 5xx, so that the retry runs, and keeps the retry's answer", async () => {
    const { app, listen } = await smallApp();
    let attempts = 0;
    app.post("/flaky", async (_request, reply) => {
      attempts += 1;
      if (attempts === 1) throw new Error("the first attempt fails");
      return reply.status(201).send({ success: true, data: { attempt: attempts }, message: null, error: null });
    });
    const send = await listen();

    expect((await send("/flaky", "flaky-1")).status).toBe(500);
    const retried = await send("/flaky", "flaky-1");
    const replay = await send("/flaky", "flaky-1");

    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toMatchObject({ data: { attempt: 2 } });
    expect(attempts).toBe(2);
  });

  it("keeps no answer that means 'not now' (401, 403, 429): the same key runs again", async () => {
    const { app, listen } = await smallApp();
    const refusals = [401, 403, 429];
    let attempts = 0;
    app.post("/not-now", async (_request, reply) => {
      const status = refusals[attempts] ?? 201;
      attempts += 1;
      return reply.status(status).send({ success: status === 201, data: null, message: null, error: null });
    });
    const send = await listen();

    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) statuses.push((await send("/not-now", "later")).status);

    expect(statuses).toEqual([401, 403, 429, 201, 201]);
    expect(attempts).toBe(4);
  });

  it("answers 409 to a repeat that waited its time while the first still runs, then the first's answer once it is done", async () => {
    const { app, listen } = await smallApp(200);
    let attempts = 0;
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    app.post("/slow", async (_request, reply) => {
      attempts += 1;
      started();
      await finished;
      return reply.status(201).send({ success: true, data: { attempt: attempts }, message: null, error: null });
    });
    const send = await listen();

    const first = send("/slow", "slow-1");
    await running;
    const waited = await send("/slow", "slow-1");
    finish();

    expect(waited.status).toBe(409);
    expect(await waited.json()).toMatchObject({ error: "idempotency_key_in_use", message: idempotencyMessages.stillProcessing });
    expect((await first).status).toBe(201);
    const replay = await send("/slow", "slow-1");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.json()).toMatchObject({ data: { attempt: 1 } });
    expect(attempts).toBe(1);
  });

  it("gives the key up when a refusal answered a body that never fully arrived, so that the retry runs", async () => {
    const { app, listen } = await smallApp();
    // Left for the route to read, as a multipart form is.
    app.addContentTypeParser("application/octet-stream", (_request, _payload, done) => done(null));
    let attempts = 0;
    app.post("/upload", async (_request, reply) => {
      attempts += 1;
      if (attempts === 1)
        return reply.status(400).send({ success: false, data: null, message: "Unexpected end of form.", error: "bad_request" });
      return reply.status(201).send({ success: true, data: { attempt: attempts }, message: null, error: null });
    });
    const send = await listen();

    expect(await sendPartOfABody("/upload", "dropped-1")).toBe("HTTP/1.1 400 Bad Request");
    const retried = await send("/upload", "dropped-1");

    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(attempts).toBe(2);
  });

  it("keeps an answer too large to store as done without its body: a repeat is a 409 and runs nothing", async () => {
    const { app, listen } = await smallApp();
    let attempts = 0;
    app.post("/large", async () => {
      attempts += 1;
      return { success: true, data: "x".repeat(MAX_KEPT_ANSWER_BYTES), message: null, error: null };
    });
    const send = await listen();

    expect((await send("/large", "large-1")).status).toBe(200);
    const repeat = await send("/large", "large-1");

    expect(repeat.status).toBe(409);
    expect(await repeat.json()).toMatchObject({ error: "idempotency_answer_not_kept", message: idempotencyMessages.answerNotKept });
    expect(attempts).toBe(1);
  });
});

import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../../e2e/accounts.js";
import { expectVideoPlaying, instrumentCalls, realtimeReady, tile } from "../../../e2e/calls-kit.js";
import { chromiumArgs, chromiumExecutable, grantMediaArgs, mediaArgs } from "../../../e2e/chromium.js";
import { recordConsoleErrors } from "../../../e2e/fixtures.js";
import { LOGIN_RATE_LIMIT } from "../../shared/auth.js";
import { accountsClient, TEST_PASSWORD } from "../testing/accounts.js";
import { ringJoinAndNegotiate } from "../testing/calls.js";
import { type MailCatcher, startMailCatcher } from "../testing/mail-catcher.js";
import { portalPeople } from "../testing/people.js";
import { connectSignedIn, isEvent, type RealtimeTestClient } from "../testing/realtime-client.js";
import { type ServerProcess, startServerProcess } from "../testing/server-process.js";
import { resetDatabase } from "../testing/test-app.js";

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** A person's page and the console errors and uncaught exceptions it has had so far. */
type BrowserPerson = { page: Page; errors: string[] };

/**
 * Two built servers (dist/server/main.js, as production runs them) on two ports over one PostgreSQL database and one
 * Redis, as behind a load balancer: what one instance does, the other sees, down to real Chromium pages on each
 * instance's origin, driven with the journeys' helpers (e2e/). Needs `npm run build`.
 */
describe.skipIf(!databaseUrl || !redisUrl)("two instances on two ports (skipped: set TEST_DATABASE_URL and TEST_REDIS_URL)", () => {
  const redisKeyPrefix = `crestbuild-test-${randomUUID()}:`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "crestbuild-two-"));
  let mail: MailCatcher | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  const sockets: RealtimeTestClient[] = [];
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  const instanceA = () => {
    if (!a) throw new Error("instance A starts before the tests");
    return a;
  };
  const instanceB = () => {
    if (!b) throw new Error("instance B starts before the tests");
    return b;
  };
  const theBrowser = () => {
    if (!browser) throw new Error("the browser starts before the tests");
    return browser;
  };
  const theMail = () => {
    if (!mail) throw new Error("the mail catcher starts before the tests");
    return mail;
  };
  // Accounts are made and signed in through instance A; each test then crosses to B.
  const accounts = accountsClient(instanceA, theMail);
  const people = portalPeople(accounts, instanceA);
  const { call } = accounts;
  /** The same API call, on instance B. */
  const callOnB = (apiPath: string, body?: unknown, headers: Record<string, string> = {}) =>
    accountsClient(instanceB, theMail).call(apiPath, body, headers);

  /**
   * A person in their own browser context on the instance's origin, signed in through the sign-in form; resolves once
   * the portal's realtime connection is signed in (only then can a message or a ring reach the page).
   */
  async function signedInBrowser(server: ServerProcess, email: string): Promise<BrowserPerson> {
    const context = await theBrowser().newContext({ baseURL: server.url("") });
    contexts.push(context);
    // Keeps the calls' ICE candidates on 127.0.0.1 (e2e/calls-kit.ts).
    await context.addInitScript(instrumentCalls, false);
    const page = await context.newPage();
    const errors = recordConsoleErrors(page);
    const online = realtimeReady(page);
    await signIn(page, email, TEST_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/login");
    await online;
    return { page, errors };
  }

  beforeAll(async () => {
    await resetDatabase();
    mail = await startMailCatcher();
    const env = {
      DATABASE_URL: databaseUrl ?? "",
      REDIS_URL: redisUrl ?? "",
      REDIS_KEY_PREFIX: redisKeyPrefix,
      // One secret for both, as the README asks, so a token signed by one is read by the other.
      AUTH_SECRET: randomUUID() + randomUUID(),
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      PUBLIC_ORIGIN: "http://127.0.0.1",
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    // A fake camera and microphone, said yes to, as the calls journeys have them.
    browser = await chromium.launch({ executablePath: chromiumExecutable, args: [...chromiumArgs, ...mediaArgs, ...grantMediaArgs] });
  }, 240_000);
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    // Each test's people leave: nobody stays online to be rung by the next one.
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await mail?.close();
    const redis = new Redis(redisUrl ?? "");
    const keys = await redis.keys(`${redisKeyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers a message sent through instance A to a tab connected to instance B", async () => {
    const admin = await people.admin();
    const engineer = await people.staff("engineer@crestbuild.ng", "Projects", { firstName: "Ifeanyi" });
    const adminTab = await connectSignedIn(instanceB(), admin.accessToken);
    sockets.push(adminTab);
    const conversation = await call("/conversations/direct", { userId: admin.id }, engineer.auth);
    const posted = await call(
      `/conversations/${conversation.body.data.conversation.id}/messages`,
      { body: "Cube results are in." },
      engineer.auth,
    );
    expect(posted.status).toBe(201);
    expect(await adminTab.waitFor(isEvent("message"))).toMatchObject({
      message: { id: posted.body.data.message.id, body: "Cube results are in." },
    });
  }, 60_000);

  it("connects a call between colleagues on different instances: ring, join, offer, answer and candidates relayed", async () => {
    const ada = await people.staff("ada@crestbuild.ng", "Projects", { firstName: "Ada" });
    const bayo = await people.staff("bayo@crestbuild.ng", "Projects", { firstName: "Bayo" });
    const adaTab = await connectSignedIn(instanceA(), ada.accessToken);
    const bayoTab = await connectSignedIn(instanceB(), bayo.accessToken);
    sockets.push(adaTab, bayoTab);

    const callId = await ringJoinAndNegotiate(
      { tab: adaTab, id: ada.id },
      { tab: bayoTab, id: bayo.id },
      { offer: "v=0 from B", answer: "v=0 from A" },
    );
    const candidate = { candidate: "candidate:1 1 udp 2122260223 192.0.2.10 54400 typ host", sdpMid: "0", sdpMLineIndex: 0 };
    adaTab.send({ type: "call.candidate", callId, to: bayo.id, candidate });
    expect(await bayoTab.waitFor(isEvent("call.candidate"))).toMatchObject({ callId, from: ada.id, candidate });
  }, 60_000);

  it("shows a message sent through instance A, live, in a staff member's browser on instance B's messages screen", async () => {
    const admin = await people.admin();
    const ngozi = await people.staff("ngozi@crestbuild.ng", "Projects", { firstName: "Ngozi" });
    const conversation = await call("/conversations/direct", { userId: ngozi.id }, admin.auth);
    expect(conversation.status).toBe(200);
    const conversationId = conversation.body.data.conversation.id;

    const { page, errors } = await signedInBrowser(instanceB(), ngozi.email);
    await page.goto(`/dashboard/messages/${conversationId}`);
    const thread = page.getByRole("log", { name: /^Messages in / });
    await thread.waitFor();
    // Set on this document only: still there after the message shows, the page was never reloaded.
    await page.evaluate(() => Object.assign(window, { __beforeTheMessage: true }));

    const posted = await call(
      `/conversations/${conversationId}/messages`,
      { body: "The slab on plot 14 is ready for inspection." },
      admin.auth,
    );
    expect(posted.status).toBe(201);
    await thread.getByText("The slab on plot 14 is ready for inspection.").waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => "__beforeTheMessage" in window)).toBe(true);
    expect(errors, "console errors in Ngozi's browser").toEqual([]);
  }, 90_000);

  it("connects a video call between a browser on instance A and a browser on instance B: each sees the other's video", async () => {
    const chioma = await people.staff("chioma@crestbuild.ng", "Accounting", { firstName: "Chioma" });
    const dayo = await people.staff("dayo@crestbuild.ng", "Accounting", { firstName: "Dayo" });
    const [caller, callee] = await Promise.all([signedInBrowser(instanceA(), chioma.email), signedInBrowser(instanceB(), dayo.email)]);
    const button = (person: BrowserPerson, name: string) => person.page.getByRole("button", { name, exact: true });

    await caller.page.goto("/call");
    await caller.page.getByRole("heading", { level: 1, name: "Calls" }).waitFor();
    await button(caller, "Start video call").click();
    const incoming = callee.page.getByRole("dialog", { name: "Incoming video call" });
    await incoming.waitFor({ timeout: 10_000 });
    expect(await incoming.textContent()).toContain("Chioma Bakare (Accounting) is calling.");
    await button(callee, "Accept").click();
    await callee.page.waitForURL((url) => url.pathname === "/call");

    await expectVideoPlaying(tile(caller.page, "Dayo Bakare").locator("video"));
    await expectVideoPlaying(tile(callee.page, "Chioma Bakare").locator("video"));
    await button(callee, "Leave call").click();
    await tile(caller.page, "Dayo Bakare").waitFor({ state: "detached", timeout: 10_000 });
    await button(caller, "Leave call").click();
    expect({ caller: caller.errors, callee: callee.errors }, "console errors in the two browsers").toEqual({ caller: [], callee: [] });
  }, 120_000);

  it("refuses a blocked user on both instances at once, and closes their tab on the other one", async () => {
    const admin = await people.admin();
    const client = await people.client("blocked@example.com");
    const clientTab = await connectSignedIn(instanceB(), client.accessToken);
    sockets.push(clientTab);
    expect((await callOnB("/auth/profile", undefined, client.auth)).status).toBe(200);

    expect((await call(`/admin/users/${client.id}/block`, { blocked: true }, admin.auth)).status).toBe(200);
    for (const answer of [await call("/auth/profile", undefined, client.auth), await callOnB("/auth/profile", undefined, client.auth)]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe("account_deactivated");
    }
    expect(await clientTab.closed).toEqual({ code: 4401, reason: "Account is deactivated" });
  }, 60_000);

  it("shows a post published through instance A on both instances' pages at once", async () => {
    const admin = await people.admin();
    const slug = "curing-concrete-in-the-harmattan";
    const postPage = (server: ServerProcess) => fetch(server.url(`/blog/technology/${slug}`)).then((page) => page.status);
    const blogPage = (server: ServerProcess) => fetch(server.url("/blog")).then((page) => page.text());
    // Both render (and keep) their pages before the post exists.
    for (const server of [instanceA(), instanceB()]) {
      expect(await postPage(server)).toBe(404);
      expect(await blogPage(server)).not.toContain("Curing concrete in the harmattan");
    }
    const draft = await call(
      "/blog/manage/posts",
      {
        title: "Curing concrete in the harmattan",
        category: "technology",
        excerpt: "Dry winds pull water out of fresh concrete. Here is how our sites keep slabs wet for seven days.",
        bodyMarkdown: "## Keep it wet\n\nCover slabs with **wet hessian** for seven days.",
        keywords: ["harmattan"],
      },
      admin.auth,
    );
    expect(draft.status).toBe(201);
    expect((await call(`/blog/manage/posts/${draft.body.data.id}/publish`, {}, admin.auth)).status).toBe(200);
    for (const server of [instanceA(), instanceB()]) {
      expect(await postPage(server)).toBe(200);
      expect(await blogPage(server)).toContain("Curing concrete in the harmattan");
    }
  }, 60_000);

  // Last: it uses up this address's sign-in attempts for the window.
  it("counts sign-in attempts made on both instances against one limit", async () => {
    const client = await people.client("guessed@example.com");
    const attempt = (server: ServerProcess, password: string) =>
      accountsClient(() => server, theMail).call("/auth/verify-credentials", { email: client.email, password });
    // The failures alternate between the instances; together they reach the limit.
    for (let tried = 0; tried < LOGIN_RATE_LIMIT.attempts; tried++) {
      const answer = await attempt(tried % 2 === 0 ? instanceA() : instanceB(), `wrong-guess-${tried}`);
      expect(answer.status).toBe(401);
    }
    for (const server of [instanceA(), instanceB()]) {
      const refused = await attempt(server, "harmattan-2026");
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe("too_many_attempts");
    }
  }, 60_000);
});

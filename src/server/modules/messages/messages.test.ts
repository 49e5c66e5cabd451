import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONVERSATIONS_PAGE_SIZE } from "../../../shared/conversations.js";
import { adminAuditLog, messages } from "../../db/schema.js";
import { jpegWithGps, pngImage } from "../../testing/images.js";
import { expectTwoPages, storeProjects } from "../../testing/paging.js";
import type { SignedIn } from "../../testing/people.js";
import { connectSignedIn, isEvent } from "../../testing/realtime-client.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testConfig, testDatabase } from "../../testing/test-app.js";

const accessDenied = "Access denied. You don't have permission to access this resource.";

describe("who may use which conversation", () => {
  // One server and one cast for the whole table: building it signs in seven people.
  const { call, people, createProject } = setUpTestServer({}, { once: true });
  let cast: Record<string, SignedIn>;
  let projectId: number;
  let projectConversation: number;
  let hrChannel: number;
  let privateDirect: number;

  beforeAll(async () => {
    const admin = await people.admin();
    cast = {
      admin,
      clientOwner: await people.client("owner@example.com"),
      otherClient: await people.client("neighbour@example.com"),
      teamStaff: await people.staff("hr.team@crestbuild.ng", "HR"),
      officeStaff: await people.staff("office@crestbuild.ng", "Projects", { firstName: "Emeka" }),
      oversightStaff: await people.staff("accounts@crestbuild.ng", "Accounts"),
      otherStaff: await people.staff("marketing@crestbuild.ng", "Digital Marketing"),
    };
    projectId = await createProject(admin, { clientId: cast.clientOwner?.id, teamIds: [cast.teamStaff?.id ?? ""] });
    projectConversation = (await call(`/conversations/project/${projectId}`, undefined, cast.clientOwner?.auth)).body.data.conversation.id;
    hrChannel = (await call("/conversations/department/HR", undefined, cast.teamStaff?.auth)).body.data.conversation.id;
    privateDirect = (await call("/conversations/direct", { userId: cast.officeStaff?.id }, cast.teamStaff?.auth)).body.data.conversation.id;
  });

  const as = (name: string) => {
    const who = cast[name];
    if (!who) throw new Error(`no ${name} in the cast`);
    return who;
  };

  // Each cell: the status of opening the conversation, reading its messages and posting to it (200 = all allowed).
  it.each([
    // who,             project, HR channel, another pair's direct conversation
    ["clientOwner", 200, 403, 404],
    ["otherClient", 404, 403, 404],
    ["teamStaff", 200, 200, 200],
    ["officeStaff", 200, 403, 200],
    ["oversightStaff", 403, 403, 404],
    ["otherStaff", 404, 403, 404],
    ["admin", 200, 200, 404],
  ])("%s: project conversation %i, department channel %i, direct %i", async (name, project, channel, direct) => {
    const who = as(name);
    const expectAccess = async (open: () => ReturnType<typeof call>, conversationId: number, expected: number) => {
      const opened = await open();
      expect(opened.status).toBe(expected);
      const read = await call(`/conversations/${conversationId}/messages`, undefined, who.auth);
      expect(read.status).toBe(expected);
      const written = await call(`/conversations/${conversationId}/messages`, { body: `Hello from ${name}` }, who.auth);
      expect(written.status).toBe(expected === 200 ? 201 : expected);
      if (expected === 403) expect(written.body.message).toBe(accessDenied);
    };
    await expectAccess(() => call(`/conversations/project/${projectId}`, undefined, who.auth), projectConversation, project);
    await expectAccess(() => call("/conversations/department/HR", undefined, who.auth), hrChannel, channel);
    // The direct conversation of teamStaff and officeStaff: only those two may open it by id.
    await expectAccess(() => call(`/conversations/${privateDirect}/messages`, undefined, who.auth), privateDirect, direct);
  });

  it("lets staff and admins start direct conversations with active staff only; clients cannot", async () => {
    const start = (who: SignedIn, userId: string) => call("/conversations/direct", { userId }, who.auth);
    const first = await start(as("otherStaff"), as("admin").id);
    expect(first.status).toBe(200);
    expect(first.body.data.conversation).toMatchObject({
      kind: "direct",
      title: "Amaka Obi",
      otherPerson: { id: as("admin").id, role: "admin" },
    });
    const again = await start(as("admin"), as("otherStaff").id);
    expect(again.body.data.conversation.id).toBe(first.body.data.conversation.id);
    expect((await start(as("clientOwner"), as("teamStaff").id)).status).toBe(403);
    expect((await start(as("teamStaff"), as("clientOwner").id)).status).toBe(404);
    expect((await start(as("teamStaff"), as("teamStaff").id)).status).toBe(400);
    expect((await start(as("teamStaff"), "not-a-user-id")).status).toBe(400);
  });

  it("answers 404 for an unknown project, department or conversation", async () => {
    expect((await call("/conversations/project/999999", undefined, as("admin").auth)).status).toBe(404);
    expect((await call("/conversations/department/Plumbing", undefined, as("admin").auth)).status).toBe(404);
    expect((await call("/conversations/999999/messages", undefined, as("admin").auth)).status).toBe(404);
    expect((await call("/conversations", undefined)).status).toBe(401);
  });

  it("lists each person's own conversations: their projects, their channel, their direct conversations", async () => {
    const titles = async (name: string) => {
      const { body } = await call("/conversations", undefined, as(name).auth);
      return body.data.items.map((item: { kind: string; title: string }) => `${item.kind}:${item.title}`);
    };
    const projectTitle = (await call(`/conversations/project/${projectId}`, undefined, as("admin").auth)).body.data.conversation.title;
    await call("/conversations/direct", { userId: as("admin").id }, as("otherStaff").auth);
    expect(await titles("clientOwner")).toEqual([`project:${projectTitle}`]);
    expect(await titles("otherClient")).toEqual([]);
    expect((await titles("teamStaff")).sort()).toEqual(["department:HR", "direct:Emeka Bakare", `project:${projectTitle}`].sort());
    expect(await titles("otherStaff")).toEqual(expect.arrayContaining(["department:Digital Marketing", "direct:Amaka Obi"]));
    expect(await titles("otherStaff")).not.toContain(`project:${projectTitle}`);
    // Admins see every staff department's channel, and the projects they opened.
    const admin = await titles("admin");
    expect(admin).toEqual(
      expect.arrayContaining(["department:HR", "department:Projects", "department:Secretariat", `project:${projectTitle}`]),
    );
    expect(admin).not.toContain("department:General Users");
  });
});

describe("messages of a conversation", () => {
  const { server, call, upload, people, projectConversation } = setUpTestServer();
  let client: SignedIn;
  let manager: SignedIn;
  let conversationId: number;

  beforeEach(async () => {
    ({ manager, client, conversationId } = await projectConversation("Guzape villa", "manager"));
  });

  /** Posts a message as JSON; answers the API's status and body. */
  const post = (conversationId: number, who: SignedIn, body: string) =>
    call(`/conversations/${conversationId}/messages`, { body }, who.auth);

  const page = async (query: string, who = client) => {
    const { status, body } = await call(`/conversations/${conversationId}/messages${query}`, undefined, who.auth);
    expect(status).toBe(200);
    return { bodies: body.data.items.map((item: { body: string }) => item.body), hasMore: body.data.hasMore, items: body.data.items };
  };

  it("pages the newest first with before, and gives everything after an id to a reconnecting client", async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 7; n++) ids.push((await post(conversationId, manager, `update ${n}`)).body.data.message.id);
    expect(await page("?limit=3")).toMatchObject({ bodies: ["update 5", "update 6", "update 7"], hasMore: true });
    expect(await page(`?limit=3&before=${ids[4]}`)).toMatchObject({ bodies: ["update 2", "update 3", "update 4"], hasMore: true });
    expect(await page(`?limit=3&before=${ids[1]}`)).toMatchObject({ bodies: ["update 1"], hasMore: false });
    expect(await page(`?after=${ids[3]}`)).toMatchObject({ bodies: ["update 5", "update 6", "update 7"], hasMore: false });
    expect(await page(`?after=${ids[3]}&limit=2`)).toMatchObject({ bodies: ["update 5", "update 6"], hasMore: true });
    const { items } = await page("?limit=1");
    expect(items[0]).toMatchObject({
      conversationId,
      author: { id: manager.id, name: "Musa Bakare", role: "staff", department: "Projects", avatar: null },
      attachments: [],
    });
    expect((await call(`/conversations/${conversationId}/messages?before=3&after=1`, undefined, client.auth)).status).toBe(400);
  });

  it("counts unread messages per conversation and in total; the read marker only moves forward", async () => {
    const ids: number[] = [];
    for (const text of ["Blockwork done", "Roofing next week", "Invoice attached"]) {
      ids.push((await post(conversationId, manager, text)).body.data.message.id);
    }
    const listed = async (who: SignedIn) => (await call("/conversations", undefined, who.auth)).body.data;
    const forClient = await listed(client);
    expect(forClient.totalUnread).toBe(3);
    expect(forClient.items[0]).toMatchObject({
      id: conversationId,
      kind: "project",
      title: "Guzape villa",
      unread: 3,
      lastMessage: { id: ids[2], excerpt: "Invoice attached", author: { id: manager.id, name: "Musa Bakare" } },
    });
    // The author's own messages are never unread for them.
    expect((await listed(manager)).items.find((item: { id: number }) => item.id === conversationId).unread).toBe(0);

    const read = (lastReadMessageId: number) => call(`/conversations/${conversationId}/read`, { lastReadMessageId }, client.auth);
    expect((await read(ids[1] ?? 0)).body.data).toEqual({ conversationId, lastReadMessageId: ids[1], unread: 1 });
    expect((await read(ids[0] ?? 0)).body.data).toEqual({ conversationId, lastReadMessageId: ids[1], unread: 1 });
    expect((await read(999_999)).body.data).toEqual({ conversationId, lastReadMessageId: ids[2], unread: 0 });
    expect((await listed(client)).totalUnread).toBe(0);

    // Writing a message reads the conversation up to it.
    await post(conversationId, manager, "Site visit on Friday?");
    await post(conversationId, client, "Yes, at 10.");
    expect((await listed(client)).totalUnread).toBe(0);
    expect((await listed(manager)).totalUnread).toBe(1);
  });

  it("lists the conversations with the latest activity first", async () => {
    const hr = await people.staff("hr@crestbuild.ng", "Projects", { firstName: "Halima" });
    const direct = (await call("/conversations/direct", { userId: manager.id }, hr.auth)).body.data.conversation.id;
    await post(conversationId, manager, "older");
    await post(direct, hr, "newer");
    const { body } = await call("/conversations", undefined, manager.auth);
    expect(body.data.items.map((item: { id: number }) => item.id).slice(0, 2)).toEqual([direct, conversationId]);
  });

  it("pages the list by twenty, latest activity first, with the unread messages of every page on each", async () => {
    const owner = await people.client("many.homes@example.com");
    await storeProjects(CONVERSATIONS_PAGE_SIZE + 1, "Lugbe terrace", { clientId: owner.id });
    const admin = await people.admin();
    const [first, second] = await expectTwoPages(call, "/conversations", CONVERSATIONS_PAGE_SIZE, owner.auth);
    const listedIds = [...first.items, ...second.items].map((item: { id: number }) => item.id);
    expect(new Set(listedIds).size).toBe(CONVERSATIONS_PAGE_SIZE + 1);
    expect(first.totalUnread).toBe(0);

    // A message in the conversation at the bottom of the second page brings it to the top of the first.
    const bottom = listedIds.at(-1) ?? 0;
    const next = listedIds.at(-2) ?? 0;
    await post(bottom, admin, "The survey is booked.");
    await post(next, admin, "Drawings attached.");
    await post(next, admin, "And the quote.");
    const listed = async (page: number) => (await call(`/conversations?page=${page}`, undefined, owner.auth)).body.data;
    const top = await listed(1);
    expect(top.items.slice(0, 2).map((item: { id: number; unread: number }) => [item.id, item.unread])).toEqual([
      [next, 2],
      [bottom, 1],
    ]);
    expect(top.totalUnread).toBe(3);
    const last = await listed(2);
    expect(last.items.map((item: { id: number }) => item.id)).not.toContain(bottom);
    expect(last.totalUnread).toBe(3);
    // Past the last page: empty, with the real totals.
    expect(await listed(3)).toMatchObject({ items: [], total: CONVERSATIONS_PAGE_SIZE + 1, pageCount: 2, totalUnread: 3 });
    expect((await call("/conversations?page=0", undefined, owner.auth)).status).toBe(400);
  });

  it("keeps the Markdown as written and renders it sanitised: no script, no event handler, links get rel", async () => {
    const text = '**Slab** poured <script>alert(1)</script> <img src=x onerror="alert(2)"> see [drawings](https://crestbuild.ng/d)';
    const { status, body } = await post(conversationId, manager, text);
    expect(status).toBe(201);
    expect(body.data.message.body).toBe(text);
    const html: string = body.data.message.bodyHtml;
    expect(html).toContain("<strong>Slab</strong> poured");
    expect(html).not.toMatch(/<script|alert\(|onerror|<img/i);
    expect(html).toContain('<a href="https://crestbuild.ng/d" rel="nofollow noopener noreferrer" target="_blank">drawings</a>');
    expect((await page("")).items[0].bodyHtml).toBe(html);
  });

  it("refuses an empty message and one over 5000 characters", async () => {
    const empty = await post(conversationId, manager, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body.fields.body).toBe("Write a message or attach a photo.");
    const long = await post(conversationId, manager, "a".repeat(5001));
    expect(long.status).toBe(400);
    expect(long.body.fields.body).toBe("A message can be at most 5000 characters long.");
    expect((await post(conversationId, manager, "a".repeat(5000))).status).toBe(201);
  });

  it("notifies the bell once per burst: again only after the reader has caught up", async () => {
    const messageNotifications = async () => {
      const { body } = await call("/notifications", undefined, client.auth);
      return body.data.items.filter((item: { kind: string }) => item.kind === "message");
    };
    const first = await post(conversationId, manager, "Concrete arrives at 7.");
    await post(conversationId, manager, "Please be on site.");
    const notified = await messageNotifications();
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({
      title: "Musa Bakare wrote about Guzape villa",
      body: "Concrete arrives at 7.",
      link: `/dashboard/messages/${conversationId}`,
    });
    // The author is not notified of their own message.
    const own = (await call("/notifications", undefined, manager.auth)).body.data.items;
    expect(own.filter((item: { kind: string }) => item.kind === "message")).toHaveLength(0);

    await call(`/conversations/${conversationId}/read`, { lastReadMessageId: first.body.data.message.id }, client.auth);
    await post(conversationId, manager, "Still unread before this one.");
    expect(await messageNotifications()).toHaveLength(1);
    await call(`/conversations/${conversationId}/read`, { lastReadMessageId: 999_999 }, client.auth);
    await post(conversationId, manager, "A new burst.");
    expect(await messageNotifications()).toHaveLength(2);
  });

  it("limits each person to 30 messages a minute", async () => {
    for (let n = 1; n <= 30; n++) expect((await post(conversationId, client, `message ${n}`)).status).toBe(201);
    const refused = await post(conversationId, client, "one too many");
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Counted per person: the manager can still write.
    expect((await post(conversationId, manager, "my turn")).status).toBe(201);
  });

  describe("what one member can break for the others", () => {
    const deepQuote = `${">".repeat(3500)} hello`;

    it("refuses a message nested 3,500 quotes deep (or lists on one line) with 400 and a clear message", async () => {
      for (const text of [deepQuote, `${"- ".repeat(1000)}x`, `${"> - ".repeat(11)}x`]) {
        const refused = await post(conversationId, client, text);
        expect(refused.status).toBe(400);
        expect(refused.body.fields.body).toBe("Quotes and lists can be nested at most 20 levels deep.");
      }
      expect((await post(conversationId, client, `${"> ".repeat(20)}twenty deep is fine`)).status).toBe(201);
      expect((await page("")).items).toHaveLength(1);
    });

    it("stores the rendered HTML when written, and an old stored message that cannot be rendered shows as escaped text", async () => {
      const written = await post(conversationId, manager, "**Concrete** at 7");
      const [row] = await (await testDatabase()).db.select().from(messages).where(eq(messages.id, written.body.data.message.id));
      expect(row?.bodyHtml).toBe("<p><strong>Concrete</strong> at 7</p>\n");

      // Rows from before the HTML was kept: one that renders, and one nested too deep for the parser.
      await (await testDatabase()).db.insert(messages).values([
        { conversationId, authorId: client.id, body: "_old_ but fine" },
        { conversationId, authorId: client.id, body: `${deepQuote} <script>alert(1)</script>` },
      ]);
      for (const reader of [client, manager]) {
        const items = (await page("", reader)).items as { body: string; bodyHtml: string }[];
        expect(items.map((item) => item.bodyHtml)).toEqual([
          "<p><strong>Concrete</strong> at 7</p>\n",
          "<p><em>old</em> but fine</p>\n",
          `<p>${"&#62;".repeat(3500)} hello &#60;script&#62;alert(1)&#60;/script&#62;</p>`,
        ]);
      }
      expect((await call("/conversations", undefined, client.auth)).status).toBe(200);
    });

    it("lets the author and admins remove a message, audited and pushed to the others at once; anyone else gets 403", async () => {
      const admin = await people.admin();
      const first = (await post(conversationId, client, "Wrong house number, sorry")).body.data.message;
      const photo = { field: "attachments", name: "gate.jpg", type: "image/jpeg", data: await jpegWithGps(800, 600) };
      const second = (await upload(`/conversations/${conversationId}/messages`, [photo], client.auth, { body: "Another one" })).body.data
        .message;
      const photoFiles = [second.attachments[0].url, second.attachments[0].thumbUrl].map((url: string) =>
        path.join(testConfig().dataDir, "media", url.replace("/api/media/", "")),
      );
      expect(photoFiles.map((file: string) => existsSync(file))).toEqual([true, true]);
      const remove = (messageId: number, who: SignedIn) =>
        call(`/conversations/${conversationId}/messages/${messageId}`, {}, who.auth, "DELETE");

      const refused = await remove(first.id, manager);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(accessDenied);
      const outsider = await people.client("outsider@example.com");
      expect((await remove(first.id, outsider)).status).toBe(404);
      // A message of another conversation named under this one is not found.
      const elsewhere = (await call("/conversations/department/HR", undefined, admin.auth)).body.data.conversation.id;
      const theirs = (await post(elsewhere, admin, "HR only")).body.data.message;
      expect((await remove(theirs.id, client)).status).toBe(404);

      const watching = await connectSignedIn(server(), manager.accessToken);
      try {
        const removed = await remove(first.id, client);
        expect(removed.status).toBe(200);
        expect(removed.body.message).toBe("Message removed.");
        expect(await watching.waitFor(isEvent("message.removed"))).toEqual({
          type: "message.removed",
          conversationId,
          messageId: first.id,
        });
      } finally {
        watching.close();
      }
      expect((await remove(second.id, admin)).status).toBe(200);
      expect((await remove(second.id, admin)).status).toBe(404);
      expect(photoFiles.map((file: string) => existsSync(file))).toEqual([false, false]);
      expect((await page("", manager)).items).toEqual([]);

      const audit = await (await testDatabase()).db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "message.removed"));
      expect(audit.map((entry) => [entry.actorId, entry.targetId])).toEqual([
        [client.id, String(first.id)],
        [admin.id, String(second.id)],
      ]);
    });
  });

  describe("photos", () => {
    const uploadsDir = path.join(testConfig().dataDir, "media");
    // Every upload of this worker's tests lands in one folder: compare what is there before and after.
    const storedFiles = () => {
      const folder = path.join(uploadsDir, "messages", String(conversationId));
      return existsSync(folder) ? readdirSync(folder).sort() : [];
    };

    const send = (files: { contents: Buffer; name: string; type: string }[], body = "") =>
      upload(
        `/conversations/${conversationId}/messages`,
        files.map((file) => ({ field: "attachments", name: file.name, type: file.type, data: file.contents })),
        manager.auth,
        body ? { body } : {},
      );

    const photoWithGps = () => jpegWithGps(2400, 1800);

    it("stores each photo as a thumbnail and a larger WebP without EXIF or GPS", async () => {
      const png = await pngImage(300, 200);
      const { status, body } = await send(
        [
          { contents: await photoWithGps(), name: "C:\\phone\\slab.jpg", type: "image/jpeg" },
          { contents: png, name: "plan.png", type: "image/png" },
        ],
        "Slab photos",
      );
      expect(status).toBe(201);
      const [photo, plan] = body.data.message.attachments;
      expect(photo).toMatchObject({ kind: "image", name: "slab.jpg", width: 1600, height: 1200 });
      expect(plan).toMatchObject({ name: "plan.png", width: 300, height: 200 });
      for (const url of [photo.url, photo.thumbUrl]) {
        expect(url).toMatch(new RegExp(`^/api/media/messages/${conversationId}/[0-9a-f-]+(-thumb)?\\.webp$`));
        const served = await fetch(server().url(url), { headers: manager.auth });
        expect(served.status).toBe(200);
        const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.exif).toBeUndefined();
      }
      expect((await sharp(path.join(uploadsDir, photo.thumbUrl.replace("/api/media/", ""))).metadata()).width).toBe(400);
    });

    it("accepts photos without text", async () => {
      const { status, body } = await send([{ contents: await photoWithGps(), name: "a.jpg", type: "image/jpeg" }]);
      expect(status).toBe(201);
      expect(body.data.message.body).toBe("");
    });

    it("refuses a text file named .jpg, stores nothing, not even the valid photo beside it", async () => {
      const before = storedFiles();
      const { status, body } = await send(
        [
          { contents: await photoWithGps(), name: "good.jpg", type: "image/jpeg" },
          { contents: Buffer.from("definitely not a photo"), name: "bad.jpg", type: "image/jpeg" },
        ],
        "two photos",
      );
      expect(status).toBe(400);
      expect(body.message).toBe("Please upload a JPEG, PNG or WebP image.");
      expect(body.fields.attachments).toBe("Please upload a JPEG, PNG or WebP image.");
      expect(storedFiles()).toEqual(before);
      const saved = await (await testDatabase()).db.select().from(messages).where(eq(messages.conversationId, conversationId));
      expect(saved).toEqual([]);
    });

    it("refuses a fifth photo and a photo over 10 MB with clear messages", async () => {
      const before = storedFiles();
      const photo = { contents: await photoWithGps(), name: "p.jpg", type: "image/jpeg" };
      const five = await send([photo, photo, photo, photo, photo], "five");
      expect(five.status).toBe(413);
      expect(five.body.message).toBe("Attach at most 4 photos to a message.");
      expect(five.body.fields.attachments).toBe("Attach at most 4 photos to a message.");
      const huge = await send([{ contents: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: "huge.jpg", type: "image/jpeg" }]);
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe("Each photo must be 10 MB or smaller.");
      expect(storedFiles()).toEqual(before);
    });
  });
});

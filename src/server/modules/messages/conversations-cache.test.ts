import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConversationList } from "../../../shared/conversations.js";
import { messages, projects, users } from "../../db/schema.js";
import { keptAnswersOnEach } from "../../testing/kept-answers.js";
import type { SignedIn } from "../../testing/people.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { startTestServer, type TestServer, testDatabase } from "../../testing/test-app.js";

// Two instances on one database, as behind a load balancer: each keeps the conversation lists it answered.
const { server: first, mail, call, people, createProject } = setUpTestServer();
let second: TestServer;
beforeEach(async () => {
  second = await startTestServer({ SMTP_URL: mail().url }, { keepData: true });
});
afterEach(() => second.close());

/** This person's list on each instance, a kept answer of each. */
const listsOnBoth = (who: SignedIn) => keptAnswersOnEach<ConversationList>([first(), second], who, "/conversations");

describe("the conversations list cache on two instances", () => {
  it("shows a new message, a read, a renamed person or project on the next list from either instance", async () => {
    const admin = await people.admin();
    const ada = await people.staff("ada@crestbuild.ng", "HR");
    const tunde = await people.staff("tunde@crestbuild.ng", "Accounts", { firstName: "Tunde", lastName: "Bakare" });
    const titles = (list: ConversationList) => list.items.map((item) => item.title);
    for (const list of await listsOnBoth(ada)) expect(titles(list)).toEqual(["HR"]);

    const opened = await call("/conversations/direct", { userId: ada.id }, tunde.auth);
    expect(opened.status).toBe(200);
    const directId = opened.body.data.conversation.id as number;
    const sent = await call(`/conversations/${directId}/messages`, { body: "The payroll file is ready." }, tunde.auth);
    expect(sent.status).toBe(201);
    for (const list of await listsOnBoth(ada)) {
      expect(list.items[0]).toMatchObject({ title: "Tunde Bakare", unread: 1, lastMessage: { excerpt: "The payroll file is ready." } });
      expect(list.totalUnread).toBe(1);
    }
    const read = await call(`/conversations/${directId}/read`, { lastReadMessageId: sent.body.data.message.id }, ada.auth);
    expect(read.status).toBe(200);
    for (const list of await listsOnBoth(ada)) expect([list.totalUnread, list.items[0]?.unread]).toEqual([0, 0]);

    // What the list shows of other tables, changed alone by an operator's SQL: the triggers give the new version.
    const { db } = await testDatabase();
    await db.insert(messages).values({ conversationId: directId, authorId: tunde.id, body: "And the pension schedule." });
    for (const list of await listsOnBoth(ada))
      expect(list.items[0]).toMatchObject({ unread: 1, lastMessage: { excerpt: "And the pension schedule." } });
    await db.update(users).set({ firstName: "Babatunde" }).where(eq(users.id, tunde.id));
    for (const list of await listsOnBoth(ada)) expect(list.items[0]?.title).toBe("Babatunde Bakare");
    const projectId = await createProject(admin, { title: "Jabi Lake Offices", managerId: ada.id });
    for (const list of await listsOnBoth(ada)) expect(titles(list)).toContain("Jabi Lake Offices");
    await db.update(projects).set({ title: "Jabi Lake Towers" }).where(eq(projects.id, projectId));
    for (const list of await listsOnBoth(ada)) expect(titles(list)).toContain("Jabi Lake Towers");
  });
});

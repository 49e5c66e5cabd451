import { describe, expect, it } from "vitest";
import { notifications } from "../../db/schema.js";
import { setUpTestServer } from "../../testing/set-up-test-server.js";
import { testDatabase } from "../../testing/test-app.js";

const { call, people } = setUpTestServer();

describe("the bell's list", () => {
  it("pages the newest first by cursor, each page with the unread count of all of them", async () => {
    const reader = await people.client("bell.reader@example.com");
    const other = await people.client("bell.other@example.com");
    // 25 notifications, the 10 oldest unread; and another person's unread one, never counted here.
    await (await testDatabase()).db.insert(notifications).values([
      ...Array.from({ length: 25 }, (_, n) => ({
        userId: reader.id,
        kind: "message" as const,
        title: `Note ${n + 1}`,
        readAt: n < 10 ? null : new Date(),
      })),
      { userId: other.id, kind: "message", title: "Not yours" },
    ]);
    const bell = async (query = "") => {
      const { status, body } = await call(`/notifications${query}`, undefined, reader.auth);
      expect(status).toBe(200);
      return {
        titles: body.data.items.map((item: { title: string }) => item.title),
        ids: body.data.items.map((item: { id: number }) => item.id),
        unread: body.data.unread,
      };
    };

    const latest = await bell();
    expect(latest.titles).toHaveLength(20);
    expect(latest.titles.slice(0, 2)).toEqual(["Note 25", "Note 24"]);
    expect(latest.unread).toBe(10);
    const older = await bell(`?before=${latest.ids.at(-1)}`);
    expect(older).toMatchObject({ titles: ["Note 5", "Note 4", "Note 3", "Note 2", "Note 1"], unread: 10 });
    // Before the first one: nothing more, and still the count.
    expect(await bell(`?before=${older.ids.at(-1)}`)).toMatchObject({ titles: [], unread: 10 });

    expect((await call("/notifications/read", { ids: older.ids.slice(0, 2) }, reader.auth)).status).toBe(200);
    expect((await bell()).unread).toBe(8);
    await call("/notifications/read", {}, reader.auth);
    expect((await bell()).unread).toBe(0);
    expect((await call("/notifications", undefined, other.auth)).body.data.unread).toBe(1);
  });
});

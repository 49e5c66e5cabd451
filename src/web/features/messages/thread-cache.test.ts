import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../shared/conversations";
import { mergeMessages } from "./thread-cache";

const message = (id: number, body = `message ${id}`): ChatMessage => ({
  id,
  conversationId: 1,
  author: null,
  body,
  bodyHtml: `<p>${body}</p>`,
  attachments: [],
  createdAt: new Date(2026, 0, 1, 9, id).toISOString(),
});

describe("mergeMessages", () => {
  it("appends newer messages after the ones held", () => {
    expect(mergeMessages([message(1), message(2)], [message(3)]).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it("puts an older page before the ones held", () => {
    expect(mergeMessages([message(5), message(6)], [message(3), message(4)]).map((item) => item.id)).toEqual([3, 4, 5, 6]);
  });

  it("keeps one copy of a message that arrives twice (pushed live and fetched after a reconnection)", () => {
    const merged = mergeMessages([message(1), message(2)], [message(2), message(3)]);
    expect(merged.map((item) => item.id)).toEqual([1, 2, 3]);
  });
});

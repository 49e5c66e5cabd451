import { describe, expect, it } from "vitest";
import { countOf } from "./plural.js";

describe("countOf", () => {
  it("writes the singular for exactly one and the plural otherwise, with grouped digits", () => {
    expect(countOf(1, "admin")).toBe("1 admin");
    expect(countOf(0, "admin")).toBe("0 admins");
    expect(countOf(3, "inquiry", "inquiries")).toBe("3 inquiries");
    expect(countOf(1, "person", "people")).toBe("1 person");
    expect(countOf(1234567, "view")).toBe("1,234,567 views");
  });
});

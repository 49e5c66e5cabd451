import { describe, expect, it } from "vitest";
import { withChanges } from "./use-search-filters";

describe("list filters in the address", () => {
  it("go back to the first page when a filter changes, not when the page does", () => {
    const params = new URLSearchParams("status=planning&page=4");
    expect(withChanges(params, { category: "residential" }).toString()).toBe("status=planning&category=residential");
    expect(withChanges(params, { page: "5" }).toString()).toBe("status=planning&page=5");
    expect(withChanges(params, { status: undefined }).toString()).toBe("");
  });
});

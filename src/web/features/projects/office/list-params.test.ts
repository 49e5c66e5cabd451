import { describe, expect, it } from "vitest";
import { listParamsOf } from "./list-params";

describe("the office's project list filters in the address", () => {
  it("are read with their defaults", () => {
    expect(listParamsOf(new URLSearchParams())).toEqual({
      search: undefined,
      status: undefined,
      category: undefined,
      sort: "-updated",
      page: 1,
      pageSize: 20,
    });
  });

  it("keep known values and drop unknown ones", () => {
    const params = new URLSearchParams("search=+Wuse+&status=in_progress&category=villas&sort=-progress&page=3");
    expect(listParamsOf(params)).toMatchObject({ search: "Wuse", status: "in_progress", category: undefined, sort: "-progress", page: 3 });
    expect(listParamsOf(new URLSearchParams("sort=price&page=-2"))).toMatchObject({ sort: "-updated", page: 1 });
  });
});

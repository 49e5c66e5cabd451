import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";

describe("query cache rules (docs/product.md#toasts-and-query-cache)", () => {
  it("keeps data fresh 5 minutes and cached 10, refetches on mount and reconnect but not on focus", () => {
    const defaults = createQueryClient(async () => null).getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      refetchOnMount: true,
      refetchOnReconnect: true,
    });
  });
});

import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";

describe("query cache rules (docs/product.md#toasts-and-query-cache)", () => {
  it("retries 3 times, keeps data fresh 5 minutes and cached 10, refetches on mount and reconnect but not on focus; mutations retry once", () => {
    const defaults = createQueryClient(async () => null).getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: 3,
      staleTime: 5 * 60_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      refetchOnMount: true,
      refetchOnReconnect: true,
    });
    expect(defaults.mutations).toMatchObject({ retry: 1 });
  });
});

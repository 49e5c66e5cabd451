import { describe, expect, it } from "vitest";
import { createViewerRenderLimit, VIEWER_RENDERS_PER_MINUTE } from "./viewer-renders.js";

describe("renders for a viewer, per person and minute", () => {
  it("lets a person have the limit in a minute, counts each person apart, and starts again the next minute", () => {
    let now = 1_000_000;
    const limit = createViewerRenderLimit(() => now);
    for (let render = 0; render < VIEWER_RENDERS_PER_MINUTE; render++) expect(limit.take("ada")).toBe(true);
    expect(limit.take("ada")).toBe(false);
    expect(limit.take("bayo")).toBe(true);
    now += 59_999;
    expect(limit.take("ada")).toBe(false);
    now += 1;
    expect(limit.take("ada")).toBe(true);
  });
});

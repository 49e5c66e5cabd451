import { describe, expect, it } from "vitest";
import { milestoneState } from "./milestone-state";

describe("a milestone's place on the timeline", () => {
  const today = "2026-03-10";

  it("is done once ticked off, even past its due date", () => {
    expect(milestoneState({ doneOn: "2026-03-12", dueDate: "2026-03-01" }, today)).toBe("done");
  });

  it("is overdue the day after its due date, not on it", () => {
    expect(milestoneState({ doneOn: null, dueDate: "2026-03-09" }, today)).toBe("overdue");
    expect(milestoneState({ doneOn: null, dueDate: today }, today)).toBe("upcoming");
  });

  it("is upcoming without a due date", () => {
    expect(milestoneState({ doneOn: null, dueDate: null }, today)).toBe("upcoming");
  });
});

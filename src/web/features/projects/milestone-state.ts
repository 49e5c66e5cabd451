import type { Milestone } from "../../../shared/projects";

export type MilestoneState = "done" | "overdue" | "upcoming";

/** Done when ticked off; overdue when its due date (Lagos calendar) has passed without it; upcoming otherwise. */
export function milestoneState(milestone: Pick<Milestone, "doneOn" | "dueDate">, today: string): MilestoneState {
  if (milestone.doneOn) return "done";
  if (milestone.dueDate && milestone.dueDate < today) return "overdue";
  return "upcoming";
}

export const milestoneStateLabels: Record<MilestoneState, string> = { done: "Done", overdue: "Overdue", upcoming: "Upcoming" };

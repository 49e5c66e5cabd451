import { canEditProject, type ProjectParties, type Viewer } from "../../../../shared/access.js";
import { todayInLagos } from "../../../../shared/calendar.js";
import type { ProjectStatus } from "../../../../shared/project-terms.js";
import { snagMessages } from "../../../../shared/snags.js";

/** What the rule needs of the project: its status and its completion date (practical completion, YYYY-MM-DD). */
export type ProjectStage = { status: ProjectStatus; completedOn: string | null };

/** The project's work is agreed and not abandoned: the team raises snags from planning to after completion. */
const TEAM_RAISES_IN: readonly ProjectStatus[] = ["planning", "in_progress", "on_hold", "completed"];

/**
 * Handover (docs/decisions/147-snags.md): the project is completed, or its completion date, from which the defects
 * liability period runs, has come (Abuja time).
 */
export const handedOver = (stage: ProjectStage, today = todayInLagos()) =>
  stage.status === "completed" || (stage.completedOn !== null && stage.completedOn <= today);

/**
 * Why this person may not raise a snag on this project now, or null when they may: the team while the project is under
 * way or completed, the client from handover, nobody else (who may only read).
 */
export function raiseRefusal(viewer: Viewer, parties: ProjectParties, stage: ProjectStage): string | null {
  if (canEditProject(viewer, parties)) return TEAM_RAISES_IN.includes(stage.status) ? null : snagMessages.notActive;
  if (viewer.role !== "user" || parties.clientId !== viewer.id) return snagMessages.mayNotRaise;
  if (stage.status === "cancelled") return snagMessages.notActive;
  return handedOver(stage) ? null : snagMessages.beforeHandover(stage.completedOn);
}

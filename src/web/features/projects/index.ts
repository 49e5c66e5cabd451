// The projects feature's public entry: what other features and the pages of other areas use.
export { projectPhotosQuery } from "./api";
export { MilestonesDue } from "./home/MilestonesDue";
export { VerdictBadge } from "./page/VerdictBadge";
export { projectPagePath } from "./project-labels";

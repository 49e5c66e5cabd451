// The projects feature's public entry: what other features and the pages of other areas use.
export { MilestonesDue } from "./home/MilestonesDue";

import { z } from "zod";
import { snagStatuses } from "../snags.js";
import { calendarDay, count, instant } from "./common.js";
import { personRef, projectPhoto } from "./projects.js";

const snagStatus = z.enum(snagStatuses);

/** One move of a snag's status: from what to what, by whom, when and why. */
export const snagStatusEntry = z.object({
  from: snagStatus,
  to: snagStatus,
  reason: z.string().nullable(),
  by: personRef.nullable(),
  at: instant,
});
export type SnagStatusEntry = z.output<typeof snagStatusEntry>;

/** A snag with its photos and the history of its status, oldest move first. */
export const snag = z.object({
  id: count,
  title: z.string(),
  location: z.string(),
  status: snagStatus,
  dueOn: calendarDay.nullable(),
  assignee: personRef.nullable(),
  raisedBy: personRef.nullable(),
  raisedAt: instant,
  photos: z.array(projectPhoto),
  history: z.array(snagStatusEntry),
  /** The statuses the caller may move it to now. */
  moves: z.array(snagStatus),
});
export type Snag = z.output<typeof snag>;

/** The project's snags, newest first, how many of each status, and whether the caller may raise one now (or why not). */
export const snagList = z.object({
  items: z.array(snag),
  counts: z.record(snagStatus, count),
  canRaise: z.boolean(),
  raiseRefusal: z.string().nullable(),
});
export type SnagList = z.output<typeof snagList>;

import { z } from "zod";
import { calendarDayText } from "./calendar.js";

/* ------------------------------------------------------------------------------------------------
 * Snags (a punch list): what is still to put right on a project, raised with photos, marked fixed by the team and
 * closed or reopened by the project office or the client (docs/decisions/147-snags.md).
 * ---------------------------------------------------------------------------------------------- */

export const snagStatuses = ["open", "fixed", "closed"] as const;
export type SnagStatus = (typeof snagStatuses)[number];
export const snagStatusLabels: Record<SnagStatus, string> = { open: "Open", fixed: "Fixed", closed: "Closed" };

export const SNAG_TITLE_MAX = 160;
export const SNAG_LOCATION_MAX = 160;
export const SNAG_REASON_MAX = 1000;

/** Who may make a move: the team (`fix`, canEditProject) or the office and the client (`signOff`, canSignOffSnags). */
export type SnagRoles = { fix: boolean; signOff: boolean };

/** Every move a snag may make, and whose it is; a reopening needs a reason. */
const snagMoves: Record<SnagStatus, Partial<Record<SnagStatus, keyof SnagRoles>>> = {
  open: { fixed: "fix" },
  fixed: { closed: "signOff", open: "signOff" },
  closed: { open: "signOff" },
};

/** The move from one status to another, and who may make it: undefined when no one may. */
export const snagMoveOwner = (from: SnagStatus, to: SnagStatus): keyof SnagRoles | undefined => snagMoves[from][to];

/** The statuses someone with these roles may move a snag in this status to (the buttons they see). */
export const snagMovesFor = (roles: SnagRoles, from: SnagStatus): SnagStatus[] =>
  snagStatuses.filter((to) => {
    const owner = snagMoveOwner(from, to);
    return owner !== undefined && roles[owner];
  });

export const snagMessages = {
  notFound: "Snag not found.",
  title: "Name the snag.",
  titleTooLong: `Keep the title under ${SNAG_TITLE_MAX} characters.`,
  location: "Say where the snag is.",
  locationTooLong: `Keep the location under ${SNAG_LOCATION_MAX} characters.`,
  assignee: "Choose a member of this project's team.",
  dueOn: "Use a date like 2026-03-31.",
  status: "Choose open, fixed or closed.",
  reasonRequired: "Say why the snag is reopened.",
  reasonTooLong: `Keep the reason under ${SNAG_REASON_MAX.toLocaleString("en-GB")} characters.`,
  onlyTeamFixes: "Only the project's team marks a snag fixed.",
  onlySignOff: "Only the project office or the project's client closes or reopens a snag.",
  closeUnfixed: "Mark the snag fixed before closing it.",
  fixClosed: "Reopen the snag before marking it fixed.",
  notActive: "Snags are raised on projects under way or completed.",
  mayNotRaise: "Only the project's team and its client raise snags.",
  already: (status: SnagStatus) => `This snag is already ${snagStatusLabels[status].toLowerCase()}.`,
  /** A client before handover: when they can raise one. */
  beforeHandover: (completedOn: string | null) =>
    completedOn
      ? `You can raise snags from handover, on ${calendarDayText(completedOn)}.`
      : "You can raise snags from handover, once the project's completion date is recorded.",
} as const;

/** An optional field that a form sends empty when not filled in. */
const optionalBlank = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/**
 * POST /api/projects/:id/snags, as JSON or as the text fields of a multipart form with photos in `images` (so every
 * field is also read from a string: an empty one is not said).
 */
export const snagCreateSchema = z.object({
  title: z.string({ error: snagMessages.title }).trim().min(1, snagMessages.title).max(SNAG_TITLE_MAX, snagMessages.titleTooLong),
  location: z
    .string({ error: snagMessages.location })
    .trim()
    .min(1, snagMessages.location)
    .max(SNAG_LOCATION_MAX, snagMessages.locationTooLong),
  assigneeId: optionalBlank(z.uuid(snagMessages.assignee)),
  dueOn: optionalBlank(z.iso.date(snagMessages.dueOn)),
});
export type SnagCreateInput = z.input<typeof snagCreateSchema>;

/** PATCH /api/projects/:id/snags/:snagId: the status it moves to, and why (required to reopen). */
export const snagStatusChangeSchema = z.object({
  status: z.enum(snagStatuses, { error: snagMessages.status }),
  reason: z.string().trim().max(SNAG_REASON_MAX, snagMessages.reasonTooLong).optional(),
});
export type SnagStatusChange = z.input<typeof snagStatusChangeSchema>;

/** GET /api/projects/:id/snags: every snag, or those of one status. */
export const snagListQuerySchema = z.object({ status: z.enum(snagStatuses, { error: snagMessages.status }).optional() });

export type { Snag, SnagList, SnagStatusEntry } from "./answers/snags.js";

import { and, desc, eq, inArray } from "drizzle-orm";
import { canEditProject, canSignOffSnags, type ProjectParties, type Viewer } from "../../../../shared/access.js";
import {
  type Snag,
  type SnagList,
  type SnagStatus,
  snagCreateSchema,
  snagMessages,
  snagMoveOwner,
  snagMovesFor,
  snagStatuses,
} from "../../../../shared/snags.js";
import { projectPeople } from "../../../db/project-parties.js";
import { projectPhotos, projects, snagPhotos, snagStatusChanges, snags, users } from "../../../db/schema.js";
import { ApiError, parseInput } from "../../../platform/envelope.js";
import { accessDenied } from "../../../platform/errors.js";
import type { MultipartUpload } from "../../../platform/multipart.js";
import { photoDetailsOf } from "../gallery.js";
import { invalidField } from "../guard.js";
import { personRef } from "../people.js";
import { type PhotoKeepingDeps, storePhotos } from "../photo-files.js";
import { insertPhotoRows, selectPhotos } from "../photos.js";
import { type ProjectStage, raiseRefusal } from "./raising.js";

type SnagRow = typeof snags.$inferSelect;
type PersonRef = NonNullable<ReturnType<typeof personRef>>;

export const snagNotFound = () => new ApiError(404, snagMessages.notFound, "not_found");
const refusedMove = (message: string) => new ApiError(409, message, "invalid_transition");

/** A new snag: its fields (JSON, or the text fields of a multipart form) and its photos (none from JSON). */
export type SnagRaise = { fields: unknown; upload: MultipartUpload | null };

/** Snags: a project's punch list, raised with photos, fixed by the team, closed or reopened by the office or the client. */
export function createSnags(deps: PhotoKeepingDeps) {
  const { db, storage, originals, log, guard, events } = deps;

  const rolesOf = (viewer: Viewer, parties: ProjectParties) => ({
    fix: canEditProject(viewer, parties),
    signOff: canSignOffSnags(viewer, parties),
  });

  async function stageOf(projectId: number): Promise<ProjectStage & { title: string }> {
    const [project] = await db
      .select({ status: projects.status, completedOn: projects.completedOn, title: projects.title })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) throw snagNotFound();
    return project;
  }

  async function peopleNamed(ids: readonly string[]): Promise<Map<string, PersonRef>> {
    const people = new Map<string, PersonRef>();
    if (ids.length === 0) return people;
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    for (const row of rows) {
      const person = personRef(row.id, row.firstName, row.lastName, row.avatar);
      if (person) people.set(row.id, person);
    }
    return people;
  }

  /** The snags as the API answers them: with their photos, their history oldest first, and the caller's moves. */
  async function shown(rows: readonly SnagRow[], roles: { fix: boolean; signOff: boolean }): Promise<Snag[]> {
    if (rows.length === 0) return [];
    const snagIds = rows.map((row) => row.id);
    const links = await db.select().from(snagPhotos).where(inArray(snagPhotos.snagId, snagIds));
    const photos =
      links.length > 0
        ? (
            await selectPhotos(
              db,
              inArray(
                projectPhotos.id,
                links.map((link) => link.photoId),
              ),
            )
          ).reverse()
        : [];
    const history = await db
      .select()
      .from(snagStatusChanges)
      .where(inArray(snagStatusChanges.snagId, snagIds))
      .orderBy(snagStatusChanges.changedAt, snagStatusChanges.id);
    const people = await peopleNamed(
      [...rows.flatMap((row) => [row.assigneeId, row.raisedById]), ...history.map((change) => change.changedById)].filter(
        (id): id is string => id !== null,
      ),
    );
    const named = (id: string | null) => (id ? (people.get(id) ?? null) : null);
    return rows.map((row) => {
      const own = new Set(links.filter((link) => link.snagId === row.id).map((link) => link.photoId));
      return {
        id: row.id,
        title: row.title,
        location: row.location,
        status: row.status,
        dueOn: row.dueOn,
        assignee: named(row.assigneeId),
        raisedBy: named(row.raisedById),
        raisedAt: row.raisedAt.toISOString(),
        photos: photos.filter((photo) => own.has(photo.id)),
        history: history
          .filter((change) => change.snagId === row.id)
          .map((change) => ({
            from: change.fromStatus,
            to: change.toStatus,
            reason: change.reason,
            by: named(change.changedById),
            at: change.changedAt.toISOString(),
          })),
        moves: snagMovesFor(roles, row.status),
      };
    });
  }

  /** Every snag of the project, newest first (the counts need them all; a filter keeps some). */
  const snagsOf = (projectId: number) =>
    db.select().from(snags).where(eq(snags.projectId, projectId)).orderBy(desc(snags.raisedAt), desc(snags.id));

  /** Tells who a snag concerns, without the person who acted; the screens showing the project refresh. */
  async function announce(
    projectId: number,
    actorId: string,
    notices: { to: readonly string[]; kind: "snag_raised" | "snag_fixed" | "snag_assigned"; title: string; body: string }[],
  ) {
    for (const { to, ...notice } of notices) if (to.length > 0) await events.tell(to, actorId, projectId, notice);
    await events.refresh(projectId, actorId);
  }

  /** 404 to those who may not read the project, 403 to readers who never raise, 409 with when to those who may later. */
  async function assertMayRaise(viewer: Viewer, projectId: number): Promise<ProjectParties> {
    const parties = await guard.read(viewer, projectId);
    const refusal = raiseRefusal(viewer, parties, await stageOf(projectId));
    if (refusal === snagMessages.mayNotRaise) throw accessDenied();
    if (refusal) throw new ApiError(409, refusal, "not_open_for_snags");
    return parties;
  }

  return {
    async list(viewer: Viewer, projectId: number, status?: SnagStatus): Promise<SnagList> {
      const parties = await guard.read(viewer, projectId);
      const stage = await stageOf(projectId);
      const all = await snagsOf(projectId);
      const counts = Object.fromEntries(snagStatuses.map((each) => [each, all.filter((row) => row.status === each).length])) as Record<
        SnagStatus,
        number
      >;
      const refusal = raiseRefusal(viewer, parties, stage);
      return {
        items: await shown(status ? all.filter((row) => row.status === status) : all, rolesOf(viewer, parties)),
        counts,
        canRaise: refusal === null,
        raiseRefusal: refusal,
      };
    },

    /** Whether the caller may raise a snag now, checked before an upload is read (and again by raise). */
    assertMayRaise,

    /** A new snag with its photos: the snag, its photos and their evidence entries are kept, or nothing. */
    async raise(viewer: Viewer, projectId: number, { fields, upload }: SnagRaise): Promise<Snag> {
      const parties = await assertMayRaise(viewer, projectId);
      const input = parseInput(snagCreateSchema, fields);
      const team = [parties.managerId, ...parties.teamIds].filter((id): id is string => id !== null);
      if (input.assigneeId && !team.includes(input.assigneeId)) throw invalidField("assigneeId", snagMessages.assignee);
      const details = upload ? photoDetailsOf(upload) : [];
      const { photos, discard } = await storePhotos({ storage, originals }, projectId, upload?.files ?? []);
      let row: SnagRow;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(snags)
            .values({
              projectId,
              title: input.title,
              location: input.location,
              assigneeId: input.assigneeId ?? null,
              dueOn: input.dueOn ?? null,
              raisedById: viewer.id,
            })
            .returning();
          if (!inserted) throw new Error("the snag was not inserted");
          const kept = await insertPhotoRows(tx, log, { projectId, uploadedById: viewer.id, updateId: null }, photos, details);
          if (kept.ids.length > 0) await tx.insert(snagPhotos).values(kept.ids.map((photoId) => ({ snagId: inserted.id, photoId })));
          return inserted;
        });
      } catch (error) {
        await discard();
        throw error;
      }
      const { title } = await stageOf(projectId);
      const assignee = row.assigneeId;
      await announce(projectId, viewer.id, [
        {
          to: projectPeople(parties).filter((id) => id !== assignee),
          kind: "snag_raised",
          title: `New snag on ${title}: ${row.title}`,
          body: `Where: ${row.location}.`,
        },
        {
          to: assignee ? [assignee] : [],
          kind: "snag_assigned",
          title: `Snag assigned to you on ${title}: ${row.title}`,
          body: row.dueOn ? `Where: ${row.location}. Due ${row.dueOn}.` : `Where: ${row.location}.`,
        },
      ]);
      const [snag] = await shown([row], rolesOf(viewer, parties));
      if (!snag) throw new Error("the snag vanished");
      return snag;
    },

    /**
     * Moves a snag's status, once: the row is locked, so of two moves at once the second sees the first's result and is
     * refused. A move the rules do not know is 409, one the caller may not make 403, a reopening without a reason 400.
     */
    async move(viewer: Viewer, projectId: number, snagId: number, change: { status: SnagStatus; reason?: string }): Promise<Snag> {
      const parties = await guard.read(viewer, projectId);
      const roles = rolesOf(viewer, parties);
      const reason = change.reason || null;
      const row = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(snags)
          .where(and(eq(snags.id, snagId), eq(snags.projectId, projectId)))
          .for("update");
        if (!current) throw snagNotFound();
        const from = current.status;
        const to = change.status;
        if (from === to) throw refusedMove(snagMessages.already(to));
        const owner = snagMoveOwner(from, to);
        if (!owner) throw refusedMove(from === "open" ? snagMessages.closeUnfixed : snagMessages.fixClosed);
        if (!roles[owner]) throw new ApiError(403, owner === "fix" ? snagMessages.onlyTeamFixes : snagMessages.onlySignOff, "forbidden");
        if (to === "open" && !reason) throw invalidField("reason", snagMessages.reasonRequired);
        const [moved] = await tx.update(snags).set({ status: to, updatedAt: new Date() }).where(eq(snags.id, snagId)).returning();
        if (!moved) throw snagNotFound();
        await tx.insert(snagStatusChanges).values({ snagId, fromStatus: from, toStatus: to, reason, changedById: viewer.id });
        return moved;
      });
      const { title } = await stageOf(projectId);
      if (row.status === "fixed") {
        await announce(projectId, viewer.id, [
          {
            to: projectPeople(parties),
            kind: "snag_fixed",
            title: `Snag fixed on ${title}: ${row.title}`,
            body: `Where: ${row.location}. Check it and close it, or reopen it saying why.`,
          },
        ]);
      } else if (row.status === "open") {
        await announce(projectId, viewer.id, [
          {
            to: row.assigneeId ? [row.assigneeId] : [parties.managerId].filter((id): id is string => id !== null),
            kind: "snag_assigned",
            title: `Snag reopened on ${title}: ${row.title}`,
            body: `Why: ${reason ?? ""}`,
          },
        ]);
      } else {
        await events.refresh(projectId, viewer.id);
      }
      const [snag] = await shown([row], roles);
      if (!snag) throw new Error("the snag vanished");
      return snag;
    },
  };
}

export type Snags = ReturnType<typeof createSnags>;

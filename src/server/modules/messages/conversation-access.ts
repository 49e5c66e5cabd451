import { and, eq } from "drizzle-orm";
import { canMessageProject, canReadProject, canUseDepartmentChannel, type ProjectParties, type Viewer } from "../../../shared/access.js";
import { ApiError } from "../../../shared/api.js";
import { conversationMessages } from "../../../shared/conversations.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties, projectPeople } from "../../db/project-parties.js";
import { conversationParticipants, conversationReads, conversations, users } from "../../db/schema.js";
import { activeStaff } from "../../db/staff-accounts.js";
import { accessDenied } from "../../platform/errors.js";

export type ConversationRow = typeof conversations.$inferSelect;

/** A conversation the viewer may use, with its project's parties when it is a project's. */
export type OpenConversation = { conversation: ConversationRow; parties: ProjectParties | null };

export const conversationNotFound = () => new ApiError(404, conversationMessages.conversationNotFound, "not_found");

/**
 * A project's conversation is for those canMessageProject allows. Someone who may read the project but
 * not message it (an oversight department) is told 403; anyone else 404, since the project's existence is private.
 */
export function checkProjectConversation(viewer: Viewer, parties: ProjectParties | null): ProjectParties {
  if (parties && canMessageProject(viewer, parties)) return parties;
  throw parties && canReadProject(viewer, parties) ? accessDenied() : conversationNotFound();
}

/** A department's channel: its own staff and admins; 403 for the others (departments are no secret). */
export function checkDepartmentChannel(viewer: Viewer, department: string) {
  if (!canUseDepartmentChannel(viewer, department)) throw accessDenied();
}

/** The conversation with this id if the viewer may use it; 404 (project, direct) or 403 (department) otherwise. */
export async function openConversation(db: AppDb, viewer: Viewer, conversationId: number): Promise<OpenConversation> {
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!conversation) throw conversationNotFound();
  if (conversation.kind === "project" && conversation.projectId !== null) {
    const parties = checkProjectConversation(viewer, await loadProjectParties(db, conversation.projectId));
    return { conversation, parties };
  }
  if (conversation.kind === "department" && conversation.department !== null) {
    checkDepartmentChannel(viewer, conversation.department);
    return { conversation, parties: null };
  }
  if (conversation.kind === "direct" && viewer.role !== "user") {
    const [participant] = await db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, viewer.id)));
    if (participant) return { conversation, parties: null };
  }
  throw conversationNotFound();
}

/**
 * Who hears a conversation's new messages live (and may be notified). Project: its client, manager and
 * team, plus anyone else allowed who has opened it (admins, the project office). Department: its active
 * staff, plus admins who have opened it. Direct: the two people.
 */
export async function conversationMembers(db: AppDb, { conversation, parties }: OpenConversation): Promise<string[]> {
  if (conversation.kind === "direct") {
    const rows = await db
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversation.id));
    return rows.map((row) => row.userId);
  }

  const openerViewers: Viewer[] = await db
    .select({ id: users.id, role: users.role, department: users.department })
    .from(conversationReads)
    .innerJoin(users, eq(users.id, conversationReads.userId))
    .where(and(eq(conversationReads.conversationId, conversation.id), eq(users.active, true)));

  if (parties) {
    const allowedOpeners = openerViewers.filter((opener) => canMessageProject(opener, parties)).map((opener) => opener.id);
    return [...new Set([...projectPeople(parties), ...allowedOpeners])];
  }

  const { department } = conversation;
  const staff =
    department === null
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.department, department), activeStaff));
  const allowedOpeners = openerViewers.filter((opener) => canUseDepartmentChannel(opener, department ?? "")).map((opener) => opener.id);
  return [...new Set([...staff.map((member) => member.id), ...allowedOpeners])];
}

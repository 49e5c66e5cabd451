import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { canRunProjects, type Viewer } from "../../../shared/access.js";
import {
  INVITATION_DAYS,
  type InvitationPreview,
  invitationMessages,
  type ProjectInvitation,
  type ProjectInvitationOutput,
} from "../../../shared/projects.js";
import type { AppDb } from "../../db/client.js";
import { projectInvitations, projects, users } from "../../db/schema.js";
import { ApiError } from "../../platform/envelope.js";
import { accessDenied } from "../../platform/errors.js";
import type { Mailer, OutgoingMail } from "../../platform/mail.js";
import { randomToken, sha256 } from "../auth/index.js";
import { type ProjectEvents, projectLink } from "./events.js";
import type { ProjectGuard } from "./guard.js";
import { fullName, personRef } from "./people.js";

/** Invitations one member of the project office may send in an hour, and one project may receive in a day. */
export const INVITATIONS_PER_SENDER_PER_HOUR = 20;
export const INVITATIONS_PER_PROJECT_PER_DAY = 5;

const gone = () => new ApiError(404, invitationMessages.gone, "invitation_gone");

/** "Ada Obi Eze" → Ada, Obi Eze: the registration's two name fields, which the person can still correct. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

function invitationEmail(input: {
  to: string;
  firstName: string;
  projectTitle: string;
  senderName: string;
  link: string;
  hasAccount: boolean;
  expiresAt: Date;
}): OutgoingMail {
  const invited = `${input.senderName} of Crestbuild invites you to follow your project ${input.projectTitle} in the Crestbuild portal: its progress, site diary, photos and documents, and messages with the team.`;
  const action = input.hasAccount
    ? "You already have a Crestbuild account with this address: sign in through this link and the project is added to it."
    : "Create your account through this link (your address is filled in); once you have confirmed your email and signed in, the project opens.";
  const validity = `The link works once and for ${INVITATION_DAYS} days.`;
  const ignore = "If you did not expect this invitation, ignore this email.";
  return {
    to: input.to,
    subject: `Your project ${input.projectTitle} at Crestbuild`,
    kind: "project_invitation",
    // The mail holds a single-use link: the outbox erases its text once delivered or when the link expires.
    codeExpiresAt: input.expiresAt,
    content: {
      recipientName: input.firstName,
      paragraphs: [invited, action],
      action: { label: input.hasAccount ? "Sign in and open the project" : "Create your account", url: input.link },
      afterword: [validity, ignore],
      // Someone without an account yet has no notification settings to change.
      audience: input.hasAccount ? "account" : "visitor",
    },
  };
}

/**
 * The project office invites a project's client by email (docs/decisions/127-document-folders-versions-and-client-invitations.md):
 * a single-use link, its token stored hashed, valid for INVITATION_DAYS days; a newer invitation replaces the older.
 */
export function createInvitations(deps: { db: AppDb; guard: ProjectGuard; events: ProjectEvents; mailer: Mailer; publicOrigin: string }) {
  const { db, guard, events, mailer, publicOrigin } = deps;

  /** The waiting invitation a token opens, or null. */
  async function open(token: string) {
    if (token.length > 100) return null;
    const [invitation] = await db
      .select()
      .from(projectInvitations)
      .where(
        and(
          eq(projectInvitations.tokenHash, sha256(token)),
          isNull(projectInvitations.usedAt),
          gt(projectInvitations.expiresAt, new Date()),
        ),
      );
    return invitation ?? null;
  }

  const accountOf = async (email: string) => {
    const [account] = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return account ?? null;
  };

  /** Project office only; 404 for a project the caller may not read, as for every project route. */
  async function assertMayInvite(viewer: Viewer, projectId: number) {
    await guard.read(viewer, projectId);
    if (!canRunProjects(viewer)) throw accessDenied();
  }

  return {
    /** The waiting invitation of a project, if any, for the project office. */
    async pending(viewer: Viewer, projectId: number): Promise<ProjectInvitation | null> {
      await assertMayInvite(viewer, projectId);
      const [row] = await db
        .select({ invitation: projectInvitations, firstName: users.firstName, lastName: users.lastName, avatar: users.avatarUrl })
        .from(projectInvitations)
        .leftJoin(users, eq(users.id, projectInvitations.invitedById))
        .where(
          and(eq(projectInvitations.projectId, projectId), isNull(projectInvitations.usedAt), gt(projectInvitations.expiresAt, new Date())),
        )
        .orderBy(desc(projectInvitations.createdAt), desc(projectInvitations.id))
        .limit(1);
      if (!row) return null;
      const { invitation } = row;
      return {
        id: invitation.id,
        name: fullName(invitation),
        email: invitation.email,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
        invitedBy: personRef(invitation.invitedById, row.firstName, row.lastName, row.avatar),
      };
    },

    /** Project office only: the route asks first (mayInvite), so that 404 and 403 come before any 400. */
    mayInvite: assertMayInvite,

    async invite(viewer: Viewer, projectId: number, input: ProjectInvitationOutput): Promise<ProjectInvitation> {
      await assertMayInvite(viewer, projectId);
      const [project] = await db
        .select({ title: projects.title, clientId: projects.clientId })
        .from(projects)
        .where(eq(projects.id, projectId));
      if (!project) throw gone();
      if (project.clientId) throw new ApiError(409, invitationMessages.hasClient, "project_has_client");
      const account = await accountOf(input.email);
      if (account && account.role !== "user") {
        throw new ApiError(409, invitationMessages.staffEmail, "not_a_client", { email: invitationMessages.staffEmail });
      }

      const token = randomToken();
      const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60_000);
      const { firstName, lastName } = splitName(input.name);
      const invitation = await db.transaction(async (tx) => {
        // One invitation at a time per sender, then per project: the counts and the replacement are not raced.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
        const [bySender] = await tx
          .select({ total: count() })
          .from(projectInvitations)
          .where(and(eq(projectInvitations.invitedById, viewer.id), gt(projectInvitations.createdAt, new Date(Date.now() - 60 * 60_000))));
        if ((bySender?.total ?? 0) >= INVITATIONS_PER_SENDER_PER_HOUR) {
          throw new ApiError(429, invitationMessages.tooManyBySender, "too_many_invitations");
        }
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for("update");
        const [forProject] = await tx
          .select({ total: count() })
          .from(projectInvitations)
          .where(
            and(eq(projectInvitations.projectId, projectId), gt(projectInvitations.createdAt, new Date(Date.now() - 24 * 60 * 60_000))),
          );
        if ((forProject?.total ?? 0) >= INVITATIONS_PER_PROJECT_PER_DAY) {
          throw new ApiError(429, invitationMessages.tooManyForProject, "too_many_invitations");
        }
        await tx
          .update(projectInvitations)
          .set({ usedAt: new Date() })
          .where(and(eq(projectInvitations.projectId, projectId), isNull(projectInvitations.usedAt)));
        const [inserted] = await tx
          .insert(projectInvitations)
          .values({ projectId, invitedById: viewer.id, firstName, lastName, email: input.email, tokenHash: sha256(token), expiresAt })
          .returning();
        if (!inserted) throw new Error("the invitation was not inserted");
        return inserted;
      });

      const [sender] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, viewer.id));
      const hasAccount = account !== null;
      const link = hasAccount
        ? `${publicOrigin}/dashboard/invitations/${encodeURIComponent(token)}`
        : `${publicOrigin}/register?invitation=${encodeURIComponent(token)}`;
      await mailer.send(
        invitationEmail({
          to: input.email,
          firstName: firstName,
          projectTitle: project.title,
          senderName: sender ? fullName(sender) : "The project office",
          link,
          hasAccount,
          expiresAt,
        }),
      );
      return {
        id: invitation.id,
        name: fullName(invitation),
        email: invitation.email,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
        invitedBy: sender ? personRef(viewer.id, sender.firstName, sender.lastName, null) : null,
      };
    },

    /** What the link fills in: anyone holding the link may read it (it was sent to that address). */
    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await open(token);
      if (!invitation) throw gone();
      const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, invitation.projectId));
      if (!project) throw gone();
      return {
        email: invitation.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        projectTitle: project.title,
        hasAccount: (await accountOf(invitation.email)) !== null,
      };
    },

    /** The signed-in client the link was sent to becomes the project's client; the link then stops working. */
    async accept(viewer: Viewer, token: string): Promise<{ projectId: number; projectTitle: string }> {
      const invitation = await open(token);
      if (!invitation) throw gone();
      const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id));
      if (!account || invitation.email.toLowerCase() !== account.email.toLowerCase()) {
        throw new ApiError(403, invitationMessages.otherEmail, "invitation_for_another_email");
      }
      if (viewer.role !== "user") throw new ApiError(403, invitationMessages.notClient, "not_a_client");
      const projectTitle = await db.transaction(async (tx) => {
        const used = await tx
          .update(projectInvitations)
          .set({ usedAt: new Date(), acceptedById: viewer.id })
          .where(and(eq(projectInvitations.id, invitation.id), isNull(projectInvitations.usedAt)))
          .returning({ id: projectInvitations.id });
        if (used.length === 0) throw gone();
        const [project] = await tx.select().from(projects).where(eq(projects.id, invitation.projectId)).for("update");
        if (!project) throw gone();
        if (project.clientId && project.clientId !== viewer.id) throw new ApiError(409, invitationMessages.hasClient, "project_has_client");
        await tx.update(projects).set({ clientId: viewer.id, updatedAt: new Date() }).where(eq(projects.id, project.id));
        return project.title;
      });
      await events.changed(invitation.projectId, viewer.id, []);
      if (invitation.invitedById) {
        await events.tell([invitation.invitedById], viewer.id, invitation.projectId, {
          kind: "project_status",
          title: `${fullName(invitation)} accepted the invitation to ${projectTitle}`,
        });
      }
      return { projectId: invitation.projectId, projectTitle };
    },

    link: projectLink,
  };
}

export type Invitations = ReturnType<typeof createInvitations>;

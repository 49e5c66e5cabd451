import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { ApiError } from "../../../shared/api.js";
import { resolvePreferences } from "../../../shared/notifications.js";
import { wording } from "../../../shared/wording.js";
import { ownSecurityEvents } from "../../db/own-security-events.js";
import {
  contactInquiries,
  messages,
  milestones,
  notifications,
  projects,
  projectUpdates,
  securityEvents,
  sessions,
  users,
} from "../../db/schema.js";
import { type RequestOrigin, recordSecurityEvent } from "../../platform/security-log.js";
import { toSessionUser } from "../auth/index.js";
import type { AccountDeps } from "./deps.js";

/**
 * "Download my data" (Nigeria Data Protection Act): everything the portal keeps about the user, as
 * one JSON document. Never any secret: no password hash, no token hashes, no MFA secret or recovery codes.
 */
export function createMyData({ db: requestDb, longDb }: Pick<AccountDeps, "db" | "longDb">) {
  return {
    async export(userId: string, origin: RequestOrigin) {
      // Every read of the export can be long for an old account: they run with the long queries' own limit.
      const db = longDb;
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new ApiError(401, wording.authenticationFailed, "unauthenticated");

      const ownProjects = await db.select().from(projects).where(eq(projects.clientId, userId)).orderBy(asc(projects.id));
      const projectIds = ownProjects.map((project) => project.id);
      const [projectMilestones, updates, written, received, events, devices, inquiries] = await Promise.all([
        projectIds.length > 0
          ? db
              // What the client sees of their schedule (a milestone's weight is the project team's working figure).
              .select({
                id: milestones.id,
                projectId: milestones.projectId,
                title: milestones.title,
                description: milestones.description,
                dueDate: milestones.dueDate,
                doneOn: milestones.doneOn,
                position: milestones.position,
              })
              .from(milestones)
              .where(inArray(milestones.projectId, projectIds))
              .orderBy(asc(milestones.position), asc(milestones.id))
          : [],
        projectIds.length > 0
          ? db
              .select({
                id: projectUpdates.id,
                projectId: projectUpdates.projectId,
                body: projectUpdates.body,
                createdAt: projectUpdates.createdAt,
              })
              .from(projectUpdates)
              .where(inArray(projectUpdates.projectId, projectIds))
              .orderBy(asc(projectUpdates.id))
          : [],
        db
          .select({
            id: messages.id,
            conversationId: messages.conversationId,
            body: messages.body,
            attachments: messages.attachments,
            createdAt: messages.createdAt,
          })
          .from(messages)
          .where(eq(messages.authorId, userId))
          .orderBy(asc(messages.id)),
        db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id)),
        db
          .select({
            type: securityEvents.type,
            outcome: securityEvents.outcome,
            reason: securityEvents.reason,
            email: securityEvents.email,
            ipAddress: securityEvents.ipAddress,
            userAgent: securityEvents.userAgent,
            createdAt: securityEvents.createdAt,
          })
          .from(securityEvents)
          .where(ownSecurityEvents(userId))
          .orderBy(asc(securityEvents.id)),
        db
          .select({
            id: sessions.id,
            deviceId: sessions.familyId,
            createdAt: sessions.createdAt,
            lastUsedAt: sessions.lastUsedAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
            ipAddress: sessions.ipAddress,
            userAgent: sessions.userAgent,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(asc(sessions.createdAt)),
        db
          .select({
            id: contactInquiries.id,
            name: contactInquiries.name,
            email: contactInquiries.email,
            phone: contactInquiries.phone,
            subject: contactInquiries.subject,
            message: contactInquiries.message,
            status: contactInquiries.status,
            createdAt: contactInquiries.createdAt,
          })
          .from(contactInquiries)
          // Inquiries name no account: those sent from the address since the account has had it (a recycled
          // address brings nothing of the earlier owner's).
          .where(and(eq(contactInquiries.email, user.email), gte(contactInquiries.createdAt, user.createdAt)))
          .orderBy(asc(contactInquiries.id)),
      ]);
      await recordSecurityEvent(requestDb, { type: "data_exported", outcome: "success", userId, email: user.email }, origin);

      return {
        exportedAt: new Date().toISOString(),
        profile: {
          ...toSessionUser(user),
          pendingEmail: user.pendingEmail,
          active: user.active,
          approvedAt: user.approvedAt?.toISOString() ?? null,
          twoStepSignIn: user.mfaEnabledAt !== null,
          updatedAt: user.updatedAt.toISOString(),
        },
        notificationPreferences: resolvePreferences(user.notificationPreferences),
        projects: ownProjects.map((project) => ({
          ...project,
          milestones: projectMilestones.filter((milestone) => milestone.projectId === project.id),
          updates: updates.filter((update) => update.projectId === project.id),
        })),
        messages: written,
        notifications: received,
        securityEvents: events,
        sessions: devices,
        contactInquiries: inquiries,
      };
    },
  };
}

import type { FastifyBaseLogger } from "fastify";
import type { NotificationKind } from "../../../shared/notifications.js";
import type { AppDb } from "../../db/client.js";
import { loadProjectParties, projectPeople } from "../../db/project-parties.js";
import type { EmailParagraph, EmailPhoto } from "../../platform/email-layout.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";

/** What the notifications service needs to tell people (its notify()). */
/** What changed: its title and text, and the photos it is about (thumbnails in its emails) with how many in all. */
export type ProjectNotice = {
  kind: NotificationKind;
  title: string;
  body?: string;
  photos?: readonly EmailPhoto[];
  photoTotal?: number;
};

/** An email's own button and afterword for one recipient (a signed link), instead of "Open it in the portal". */
export type NoticeEmail = { action: { label: string; url: string }; afterword?: readonly EmailParagraph[] };

export type Notify = (
  userIds: readonly string[],
  notification: ProjectNotice & { link?: string | null; projectId?: number | null; email?: (userId: string) => NoticeEmail },
) => Promise<void>;

export const projectLink = (projectId: number) => `/dashboard/projects/${projectId}`;

/**
 * Tells the people on a project what changed (the bell and email, as each prefers) and asks their
 * open screens to refresh. The person who made the change is left out. A failure to notify is
 * logged, never turned into a failure of the change, which is already saved.
 */
export function createProjectEvents(deps: { db: AppDb; notify: Notify; hub: RealtimeHub; log: FastifyBaseLogger }) {
  async function safely(what: string, projectId: number, work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      deps.log.error({ err: error, projectId }, `project ${what} could not be announced`);
    }
  }

  async function peopleOn(projectId: number, actorId: string): Promise<string[]> {
    const parties = await loadProjectParties(deps.db, projectId);
    return parties ? projectPeople(parties).filter((id) => id !== actorId) : [];
  }

  return {
    /** Notifies everyone on the project (but the actor) of each notice, then refreshes their screens. */
    async changed(projectId: number, actorId: string, notices: readonly ProjectNotice[]) {
      await safely("change", projectId, async () => {
        const people = await peopleOn(projectId, actorId);
        for (const notice of notices) await deps.notify(people, { ...notice, link: projectLink(projectId), projectId });
        await deps.hub.publish(people, { type: "project.changed", projectId });
      });
    },

    /** Notifies only these people (e.g. those just assigned), without the actor. */
    async tell(userIds: readonly string[], actorId: string, projectId: number, notice: ProjectNotice) {
      await safely("notice", projectId, () =>
        deps.notify(
          userIds.filter((id) => id !== actorId),
          { ...notice, link: projectLink(projectId), projectId },
        ),
      );
    },

    /** Screens showing the project fetch it again (a change nobody needs to be told about). */
    async refresh(projectId: number, actorId: string, people?: readonly string[]) {
      await safely("refresh", projectId, async () => {
        const audience = people ? people.filter((id) => id !== actorId) : await peopleOn(projectId, actorId);
        await deps.hub.publish(audience, { type: "project.changed", projectId });
      });
    },
  };
}

export type ProjectEvents = ReturnType<typeof createProjectEvents>;

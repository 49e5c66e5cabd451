import type { accountsClient } from "./accounts.js";
import type { portalPeople } from "./people.js";
import type { projectMaker } from "./projects.js";

type Kit = Pick<ReturnType<typeof accountsClient>, "call"> & {
  people: ReturnType<typeof portalPeople>;
  createProject: ReturnType<typeof projectMaker>;
};

/**
 * The messaging tests' starting point: a project the admin creates for the client Chiamaka, managed by Musa
 * (Projects), and its conversation as `opener` first opens it. Answers the three and the conversation's id.
 */
export function projectConversationMaker({ call, people, createProject }: Kit) {
  return async function projectConversation(title: string, opener: "manager" | "client") {
    const admin = await people.admin();
    const manager = await people.staff("manager@crestbuild.ng", "Projects", { firstName: "Musa" });
    const client = await people.client("client@example.com", { firstName: "Chiamaka" });
    const projectId = await createProject(admin, { clientId: client.id, managerId: manager.id, title });
    const cast = { admin, manager, client };
    const opened = await call(`/conversations/project/${projectId}`, undefined, cast[opener].auth);
    return { ...cast, conversationId: opened.body.data.conversation.id as number };
  };
}

import type { FastifyInstance } from "fastify";
import type { AppDb } from "../../db/client.js";
import type { MediaViewer, RequireUser } from "../../platform/authenticate.js";
import type { RealtimeHub } from "../../platform/realtime-hub.js";
import type { FileStorage } from "../../platform/storage.js";
import { conversationsRoutes } from "./routes.js";
import { createConversationsService } from "./service.js";

export type MessagesModuleOptions = {
  db: AppDb;
  /** Message attachments: private media, served to the conversation's members. */
  attachments: FileStorage;
  hub: RealtimeHub;
  notify: Parameters<typeof createConversationsService>[0]["notify"];
  requireUser: RequireUser;
  mediaViewer: MediaViewer;
};

/** The conversations API under /api: lists, threads, messages and their attachments, read markers. */
export async function messagesModule(
  app: FastifyInstance,
  { db, attachments, hub, notify, requireUser, mediaViewer }: MessagesModuleOptions,
) {
  const conversations = createConversationsService({ db, storage: attachments, hub, notify, log: app.log });
  await app.register(conversationsRoutes, { conversations, requireUser, attachments, mediaViewer });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { conversationList, messagePage, openedConversation, readMarker, sentMessage } from "../../../shared/answers/conversations.js";
import {
  conversationListQuerySchema,
  conversationMessages,
  directConversationSchema,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_MAX_ATTACHMENTS,
  MESSAGES_PER_MINUTE,
  messageBodySchema,
  messagesQuerySchema,
  readMarkerSchema,
  sendMessageSchema,
} from "../../../shared/conversations.js";
import { rowId } from "../../../shared/fields.js";
import { emptyEnvelope, envelope } from "../../platform/api-schemas.js";
import { currentViewer, type MediaViewer } from "../../platform/authenticate.js";
import { ok, parseInput } from "../../platform/envelope.js";
import { mediaNotFound, sendMediaFile } from "../../platform/media-files.js";
import { fieldOf, readMultipart } from "../../platform/multipart.js";
import { rowIdParams } from "../../platform/params.js";
import { perUserLimit } from "../../platform/rate-limit.js";
import type { FileStorage } from "../../platform/storage.js";
import type { IncomingImage } from "./attachments.js";
import type { ConversationsService } from "./service.js";

type Options = {
  conversations: ConversationsService;
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Message attachments, and who asks for one (Bearer or media cookie). */
  attachments: FileStorage;
  mediaViewer: MediaViewer;
};

const messageParams = rowIdParams.extend({ messageId: rowId });
const projectParams = z.object({ projectId: rowId });
const departmentParams = z.object({ department: z.string().min(1).max(100) });

const attachmentLimits = {
  fileField: "attachments",
  maxFileBytes: MESSAGE_ATTACHMENT_MAX_BYTES,
  maxFiles: MESSAGE_MAX_ATTACHMENTS,
  tooLarge: conversationMessages.attachmentTooLarge,
  tooMany: conversationMessages.tooManyAttachments,
};

/** A multipart message: the `body` field and up to four photos in `attachments`, each read within its size limit. */
async function readMultipartMessage(request: FastifyRequest): Promise<{ body: string; images: IncomingImage[] }> {
  const upload = await readMultipart(request, attachmentLimits);
  const images = upload.files.map((file) => ({ name: file.filename, bytes: file.data }));
  return { body: parseInput(z.object({ body: messageBodySchema }), { body: fieldOf(upload, "body") ?? "" }).body, images };
}

/** Conversations of the portal: the list, opening one, its messages, writing and reading. */
export async function conversationsRoutes(app: FastifyInstance, { conversations, requireUser, attachments, mediaViewer }: Options) {
  // A photo attached to a message: for those who may open the conversation; 404 for anyone else, signed in or not.
  app.get(
    "/media/messages/:id/:file",
    {
      schema: {
        description:
          "a project, site-diary or message photo, to readers of the project or conversation only (Bearer, or the httpOnly `cb_media` cookie set at sign-in and refresh), `private, max-age=300`; 404 to anyone else; a portfolio project's cover is public. With S3, a 302 to a URL signed for 5 minutes",
      },
    },
    async (request, reply) => {
      const params = request.params as { id: string; file: string };
      const id = rowIdParams.safeParse(params);
      const viewer = await mediaViewer(request);
      if (!id.success || !viewer || !(await conversations.mayOpen(viewer, id.data.id))) throw mediaNotFound();
      return sendMediaFile(reply, attachments, { folder: `messages/${id.data.id}`, file: params.file }, "private");
    },
  );

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    "/conversations",
    {
      preValidation: requireUser,
      schema: {
        description:
          "→ `{ items, total, page, pageSize, pageCount, totalUnread }`: the caller's project, department and direct conversations, latest activity first, 20 a page; `totalUnread` counts all of them",
        summary: "A page of the caller's conversations, latest activity first",
        querystring: conversationListQuerySchema,
        response: { 200: envelope(conversationList) },
      },
    },
    async (request) => {
      const { page } = request.query;
      return ok(await conversations.list(currentViewer(request), page));
    },
  );

  routes.get(
    "/conversations/project/:projectId",
    {
      preValidation: requireUser,
      schema: {
        description: "→ `{ conversation }` (created on first use)",
        summary: "Open a project's conversation",
        params: projectParams,
        response: { 200: envelope(openedConversation) },
      },
    },
    async (request) => {
      const { projectId } = request.params;
      return ok({ conversation: await conversations.forProject(currentViewer(request), projectId) });
    },
  );

  routes.get(
    "/conversations/department/:department",
    {
      preValidation: requireUser,
      schema: {
        description: "→ `{ conversation }` (created on first use)",
        summary: "Open a department's channel",
        params: departmentParams,
        response: { 200: envelope(openedConversation) },
      },
    },
    async (request) => {
      const { department } = request.params;
      return ok({ conversation: await conversations.forDepartment(currentViewer(request), department) });
    },
  );

  routes.post(
    "/conversations/direct",
    {
      preValidation: requireUser,
      schema: {
        description: "staff and admins; `{ userId }` of active staff → `{ conversation }`",
        summary: "Open the direct conversation with another staff member",
        body: directConversationSchema,
        response: { 200: envelope(openedConversation) },
      },
    },
    async (request) => {
      const { userId } = request.body;
      return ok({ conversation: await conversations.direct(currentViewer(request), userId) });
    },
  );

  routes.get(
    "/conversations/:id/messages",
    {
      preValidation: requireUser,
      schema: {
        description: "→ `{ items, hasMore }`, oldest first; `after` gives what a reconnecting tab missed",
        summary: "A page of a conversation's messages, oldest first",
        params: rowIdParams,
        querystring: messagesQuerySchema,
        response: { 200: envelope(messagePage) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await conversations.messages(currentViewer(request), id, request.query));
    },
  );

  // The body (JSON or multipart with photos) is read after the access check, so it is not a route schema.
  routes.post(
    "/conversations/:id/messages",
    {
      preValidation: requireUser,
      config: perUserLimit(MESSAGES_PER_MINUTE, 1),
      schema: {
        description:
          "`{ body }` (Markdown, ≤ 5000 characters) or multipart `body` + up to 4 images in `attachments` → 201 `{ message }`; 30 a minute per user",
        summary: "Write a message, with up to four photos",
        params: rowIdParams,
        response: { 201: envelope(sentMessage) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const message = await conversations.post(currentViewer(request), id, async () =>
        request.isMultipart() ? readMultipartMessage(request) : { ...parseInput(sendMessageSchema, request.body), images: [] },
      );
      return reply.status(201).send(ok({ message }));
    },
  );

  routes.delete(
    "/conversations/:id/messages/:messageId",
    {
      preValidation: requireUser,
      schema: { summary: "Remove a message and its photos", params: messageParams, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const { id, messageId } = request.params;
      await conversations.remove(currentViewer(request), id, messageId, request.ip);
      return ok(null, "Message removed.");
    },
  );

  routes.post(
    "/conversations/:id/read",
    {
      preValidation: requireUser,
      schema: {
        description: "`{ lastReadMessageId }` → `{ conversationId, lastReadMessageId, unread }`",
        summary: "Move the caller's read marker forward",
        params: rowIdParams,
        body: readMarkerSchema,
        response: { 200: envelope(readMarker) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { lastReadMessageId } = request.body;
      return ok(await conversations.markRead(currentViewer(request), id, lastReadMessageId));
    },
  );
}

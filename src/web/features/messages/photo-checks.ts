import {
  conversationMessages,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  MESSAGE_MAX_ATTACHMENTS,
} from "../../../shared/conversations";

/**
 * The server's limits on a message's photos, checked before a long upload on a slow line (the server checks
 * again, from the bytes). Returns the files that can go with those already chosen, and why others cannot.
 */
export function checkPhotos(alreadyChosen: number, files: readonly File[]): { accepted: File[]; problem: string | null } {
  const accepted: File[] = [];
  let problem: string | null = null;
  for (const file of files) {
    if (!MESSAGE_ATTACHMENT_TYPES.includes(file.type)) problem = conversationMessages.unsupportedPhoto;
    else if (file.size > MESSAGE_ATTACHMENT_MAX_BYTES) problem = conversationMessages.attachmentTooLarge;
    else if (alreadyChosen + accepted.length >= MESSAGE_MAX_ATTACHMENTS) problem = conversationMessages.tooManyAttachments;
    else accepted.push(file);
  }
  return { accepted, problem };
}

import { describe, expect, it } from "vitest";
import { conversationMessages } from "../../../shared/conversations";
import { checkPhotos } from "./photo-checks";

const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

describe("checkPhotos", () => {
  it("accepts JPEG, PNG and WebP photos", () => {
    const photos = [file("a.jpg", "image/jpeg"), file("b.png", "image/png"), file("c.webp", "image/webp")];
    expect(checkPhotos(0, photos)).toEqual({ accepted: photos, problem: null });
  });

  it("refuses another type with the server's wording", () => {
    const result = checkPhotos(0, [file("plan.pdf", "application/pdf"), file("a.jpg", "image/jpeg")]);
    expect(result.accepted.map((photo) => photo.name)).toEqual(["a.jpg"]);
    expect(result.problem).toBe(conversationMessages.unsupportedPhoto);
  });

  it("refuses a photo over 10 MB", () => {
    const result = checkPhotos(0, [file("big.jpg", "image/jpeg", 10 * 1024 * 1024 + 1)]);
    expect(result).toEqual({ accepted: [], problem: conversationMessages.attachmentTooLarge });
  });

  it("keeps to four photos a message, counting those already chosen", () => {
    const result = checkPhotos(3, [file("a.jpg", "image/jpeg"), file("b.jpg", "image/jpeg")]);
    expect(result.accepted.map((photo) => photo.name)).toEqual(["a.jpg"]);
    expect(result.problem).toBe(conversationMessages.tooManyAttachments);
  });
});

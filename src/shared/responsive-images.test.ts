import { describe, expect, it } from "vitest";
import { pictureSrcSet } from "./responsive-images";

describe("pictureSrcSet", () => {
  it("names each width of one of the site's own pictures", () => {
    expect(pictureSrcSet("/images/projects/jabi-lakeside-offices-1200.webp")).toBe(
      "/images/projects/jabi-lakeside-offices-400.webp 400w, /images/projects/jabi-lakeside-offices-800.webp 800w, /images/projects/jabi-lakeside-offices-1200.webp 1200w",
    );
  });

  it("leaves any other picture as it is: an upload, an SVG, a picture from elsewhere", () => {
    expect(pictureSrcSet("/uploads/projects/3f2a.webp")).toBeUndefined();
    expect(pictureSrcSet("/images/projects/jabi-lakeside-offices.svg")).toBeUndefined();
    expect(pictureSrcSet("https://cdn.example.com/images/a-1200.webp")).toBeUndefined();
  });
});

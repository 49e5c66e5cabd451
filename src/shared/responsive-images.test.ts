import { describe, expect, it } from "vitest";
import { pictureSources } from "./responsive-images";

describe("pictureSources", () => {
  it("names each width of one of the site's own pictures", () => {
    expect(pictureSources("/images/projects/jabi-lakeside-offices-1200.webp", "100vw")).toEqual({
      srcSet:
        "/images/projects/jabi-lakeside-offices-400.webp 400w, /images/projects/jabi-lakeside-offices-800.webp 800w, /images/projects/jabi-lakeside-offices-1200.webp 1200w",
      sizes: "100vw",
    });
  });

  it("leaves any other picture as it is: an upload, an SVG, a picture from elsewhere", () => {
    expect(pictureSources("/uploads/projects/3f2a.webp", "100vw")).toEqual({});
    expect(pictureSources("/images/projects/jabi-lakeside-offices.svg", "100vw")).toEqual({});
    expect(pictureSources("https://cdn.example.com/images/a-1200.webp", "100vw")).toEqual({});
  });
});

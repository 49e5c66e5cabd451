import { describe, expect, it } from "vitest";
import { postFormSchema } from "./post-form";

const filled = {
  title: "Harmattan and fresh concrete",
  category: "technology",
  excerpt: "Five ways to keep a slab from cracking in dry, dusty weather.",
  bodyMarkdown: "## Cure it slowly\n\nKeep it wet.",
  keywords: "",
  slug: "",
};

describe("the post editor's fields", () => {
  it("turns the comma-separated keywords into a list, without empty ones", () => {
    const input = postFormSchema.parse({ ...filled, keywords: " concrete, harmattan,, curing " });
    expect(input.keywords).toEqual(["concrete", "harmattan", "curing"]);
  });

  it("leaves the address out when empty, so the server makes it from the title", () => {
    expect(postFormSchema.parse(filled).slug).toBeUndefined();
    expect(postFormSchema.parse({ ...filled, slug: " harmattan-concrete " }).slug).toBe("harmattan-concrete");
  });

  it("refuses what the server refuses, with its messages", () => {
    const result = postFormSchema.safeParse({ ...filled, title: "Hi", slug: "Not A Slug" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "title: Please enter a title (at least 3 characters).",
      "slug: Use lower-case letters, digits and single hyphens only.",
    ]);
  });

  it("allows at most 20 keywords", () => {
    const keywords = Array.from({ length: 21 }, (_, index) => `word${index}`).join(",");
    expect(postFormSchema.safeParse({ ...filled, keywords }).error?.issues[0]?.message).toBe("Choose at most 20 keywords.");
  });
});

import { describe, expect, it } from "vitest";
import { nairaInput, nairaText } from "./money-field";

describe("amounts typed in naira", () => {
  it("become kobo, with or without thousands separators and kobo", () => {
    expect(nairaInput.parse("25,000,000")).toBe(2_500_000_000);
    expect(nairaInput.parse(" 1500.5 ")).toBe(150_050);
    expect(nairaInput.parse("0")).toBe(0);
  });

  it("may be left empty", () => {
    expect(nairaInput.parse("")).toBeUndefined();
  });

  it("refuses words, negative amounts and fractions of a kobo", () => {
    for (const text of ["ten million", "-5", "12.345", "₦5"]) {
      expect(nairaInput.safeParse(text).error?.issues[0]?.message).toBe("Enter an amount in naira, like 25,000,000.");
    }
  });

  it("start from the saved kobo", () => {
    expect(nairaText(2_500_000_000)).toBe("25000000");
    expect(nairaText(150_050)).toBe("1500.5");
  });
});

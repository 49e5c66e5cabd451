import { describe, expect, it } from "vitest";
import { formatKobo, koboOfNaira, NAIRA_CODE } from "./naira.js";

describe("naira to the kobo", () => {
  it("writes kobo as naira with both decimals", () => {
    expect(formatKobo(592_600_000)).toBe("₦5,926,000.00");
    expect(formatKobo(177_780_000)).toBe("₦1,777,800.00");
    expect(formatKobo(5)).toBe("₦0.05");
    expect(formatKobo(-1_050)).toBe("-₦10.50");
  });

  it("writes the currency's code where the document's font has no naira sign", () => {
    expect(formatKobo(30_848_772, NAIRA_CODE)).toBe("NGN 308,487.72");
    expect(formatKobo(-1_050, NAIRA_CODE)).toBe("-NGN 10.50");
  });

  it("reads typed naira as exact kobo, or refuses it", () => {
    expect(koboOfNaira("1,777,800.00")).toBe(177_780_000);
    expect(koboOfNaira("₦ 250000.5")).toBe(25_000_050);
    expect(koboOfNaira("0.29")).toBe(29);
    for (const text of ["", "12.345", "1,23", "-5", "ten", "1e5"]) expect(koboOfNaira(text)).toBeNull();
  });
});

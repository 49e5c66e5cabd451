// Kobo as people read and type naira, with integers only: a contract's figures must show to the exact kobo. The one
// formatter of amounts, for the screens and the server's documents alike.

const wholeNaira = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

/** The sign the screens write. */
export const NAIRA_SIGN = "₦";
/** What documents in the standard PDF font write instead: its Windows-1252 set has no ₦ (src/server/platform/pdf-text.ts). */
export const NAIRA_CODE = "NGN ";

/** 592_600_000 kobo as "₦5,926,000.00" (or "NGN 5,926,000.00" with NAIRA_CODE). */
export function formatKobo(kobo: number, sign: typeof NAIRA_SIGN | typeof NAIRA_CODE = NAIRA_SIGN): string {
  const minus = kobo < 0 ? "-" : "";
  const magnitude = Math.abs(kobo);
  const naira = Math.floor(magnitude / 100);
  return `${minus}${sign}${wholeNaira.format(naira)}.${String(magnitude % 100).padStart(2, "0")}`;
}

const NAIRA_TYPED = /^(\d{1,3}(,\d{3})+|\d+)(\.(\d{1,2}))?$/;

/** "1,777,800.00", "₦ 250000.5" as kobo; null when it is not naira with at most 2 decimals. */
export function koboOfNaira(text: string): number | null {
  const match = NAIRA_TYPED.exec(text.trim().replace(/^₦\s*/, ""));
  if (!match) return null;
  const [, whole = "", , , fraction = ""] = match;
  const kobo = Number(whole.replaceAll(",", "")) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

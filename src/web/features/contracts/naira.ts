// Kobo as people read and type naira, with integers only: a contract's figures must show to the exact kobo.

const wholeNaira = new Intl.NumberFormat("en-NG", { maximumFractionDigits: 0 });

/** 592_600_000 kobo as "₦5,926,000.00". */
export function formatKobo(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const magnitude = Math.abs(kobo);
  const naira = Math.floor(magnitude / 100);
  return `${sign}₦${wholeNaira.format(naira)}.${String(magnitude % 100).padStart(2, "0")}`;
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

// The arithmetic of a bill of quantities, exact to the kobo: quantities in thousandths of a unit, rates and amounts in
// kobo, products in BigInt (docs/decisions/140-boq-and-contract.md). The server computes every total with these; the
// browser shows them.

/** A quantity is kept to a thousandth of its unit (0.001 m3), a rate to the kobo. */
export const QUANTITY_DECIMALS = 3;
export const RATE_DECIMALS = 2;
const QUANTITY_SCALE = 1000n;

/** The largest quantity (a billion units) and rate (a trillion naira) a line may carry: beyond is a typing mistake. */
export const MAX_QUANTITY_MILLI = 1_000_000_000_000;
export const MAX_RATE_KOBO = 100_000_000_000_000;

/**
 * A decimal written by a person or a spreadsheet ("4,500.00", "₦ 95000", "12.5", "1.2E3") as an integer scaled by
 * 10^decimals, exact; null when it is not a number or has more decimals than allowed (after trailing zeros are dropped,
 * and once a spreadsheet's binary noise like 0.30000000000000004 is rounded away at 9 places).
 */
export function parseScaledDecimal(written: string | number, decimals: number): bigint | null {
  let text = typeof written === "number" ? (Number.isFinite(written) ? written.toPrecision(15) : "") : written;
  text = text.trim().replace(/^₦\s*/, "").replaceAll(",", "");
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text);
  if (!match || (match[2] === "" && !match[3])) return null;
  const [, sign = "", whole = "", fraction = "", exponentText = "0"] = match;
  const exponent = Number(exponentText);
  // Every digit as one integer, then the decimal point moved by the exponent.
  let digits = BigInt(`${whole}${fraction}` || "0");
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  // A spreadsheet's float noise: more than 9 decimals is rounded at 9 before the places allowed are checked.
  if (scale > 9) {
    const drop = 10n ** BigInt(scale - 9);
    digits = (digits + drop / 2n) / drop;
    scale = 9;
  }
  while (scale > decimals && digits % 10n === 0n) {
    digits /= 10n;
    scale -= 1;
  }
  if (scale > decimals) return null;
  const scaled = digits * 10n ** BigInt(decimals - scale);
  return sign === "-" ? -scaled : scaled;
}

/** A line's amount in kobo: quantity × rate, rounded half away from zero to the kobo. */
export function lineAmountKobo(quantityMilli: number, rateKobo: number): number {
  const product = BigInt(quantityMilli) * BigInt(rateKobo);
  const half = QUANTITY_SCALE / 2n;
  const rounded = product >= 0n ? (product + half) / QUANTITY_SCALE : -((-product + half) / QUANTITY_SCALE);
  return Number(rounded);
}

/** A quantity in thousandths as the number people read (48.5). */
export const quantityOf = (quantityMilli: number) => quantityMilli / 1000;

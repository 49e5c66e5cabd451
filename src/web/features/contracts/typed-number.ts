/**
 * A number as typed in a contract's forms ("12,500.50", "₦ 95000"), for the API to check; NaN when blank or not a
 * number, which the API answers with the field's own message.
 */
export const typedNumber = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed.replaceAll(",", "").replace(/^₦\s*/, "")));

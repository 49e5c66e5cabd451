/** 1234567 → "1,234,567" (written by hand: the first Intl formatter of a page loads ICU's data; decision 107). */
export const groupDigits = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * "1 admin", "3 admins", "1,200 clients": a count and its noun, singular for exactly one. The one plural rule of every
 * screen and email; an irregular noun names its plural ("1 person", "2 people").
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupDigits(count)} ${count === 1 ? singular : plural}`;
}

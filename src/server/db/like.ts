/** `%term%` for LIKE/ILIKE, with the pattern characters of the term (%, _, \) taken literally: a search for "50%" means those characters. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

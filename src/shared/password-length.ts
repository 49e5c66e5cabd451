/** The shortest password accepted; without zod, so that a form's fields can say it without loading the validators. */
export const PASSWORD_MIN_LENGTH = 6;

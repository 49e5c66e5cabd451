/** PostgreSQL's unique_violation (23505), whether the driver's error comes bare or wrapped by Drizzle. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" &&
  error !== null &&
  ((error as { code?: string }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

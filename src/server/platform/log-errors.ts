import { DrizzleQueryError } from "drizzle-orm/errors";
import { stdSerializers } from "pino";

/** The values a failed query was given, as Drizzle writes them into its error's message and stack. */
function queryParametersIn(error: unknown): string[] {
  const found: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof DrizzleQueryError) found.push(`\nparams: ${current.params}`);
  }
  return found;
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

/**
 * The log's `err` serializer: pino's own, without what a failed query was given. Those values are people's input
 * (an email, a password reset's new address, a search) and have no place in the log; the SQL itself stays.
 * The driver's `detail` (a unique violation names the duplicate value) goes too.
 */
export function errorWithoutQueryParameters(error: Error): SerializedError {
  const serialized = stdSerializers.err(error);
  if (typeof serialized !== "object" || serialized === null) return serialized;
  const leaks = queryParametersIn(error);
  const scrub = (text: string) => leaks.reduce((kept, leak) => kept.split(leak).join(""), text);
  const { params: _params, detail: _detail, ...rest } = serialized as SerializedError & { params?: unknown; detail?: unknown };
  return { ...rest, message: scrub(serialized.message), stack: scrub(serialized.stack) } as SerializedError;
}

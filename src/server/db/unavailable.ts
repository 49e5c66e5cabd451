/** Driver error codes and messages that mean "the database cannot be reached", not "the query is wrong". */
const connectionCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01",
  "57P02",
  "57P03",
]);
const connectionMessages = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "Client has encountered a connection error",
  "Connection ended",
];

/** What went wrong with the database, looking through Drizzle's wrapping (`cause`), or null for any other error. */
export function databaseFailureOf(error: unknown): "unreachable" | "timeout" | null {
  for (let current = error; typeof current === "object" && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: string; message?: string };
    if (code === "57014") return "timeout";
    if (code && (connectionCodes.has(code) || code.startsWith("08"))) return "unreachable";
    if (message && connectionMessages.some((text) => message.includes(text))) return "unreachable";
  }
  return null;
}

/** Every /api response has this shape (docs/decisions/008-response-envelope.md). */
export type ApiEnvelope<T> = {
  success: boolean;
  data: T | null;
  message: string | null;
  /** A short machine-readable code on failures, e.g. "validation_failed". */
  error: string | null;
  /** Field name -> message, on validation failures only. */
  fields?: Record<string, string>;
};

/** A failed API call as the browser and the server-side renderer see it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly fields: Record<string, string> = {},
    /** How long the caller must wait before trying again (429). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Turns an HTTP status and an envelope body into its data, or throws the ApiError it describes. */
export function unwrapEnvelope<T>(status: number, body: unknown, fallbackMessage: string): T {
  const envelope = (typeof body === "object" && body !== null ? body : {}) as Partial<ApiEnvelope<T>>;
  if (status < 400 && envelope.success !== false) return (envelope.data ?? null) as T;
  throw new ApiError(status, envelope.message || envelope.error || fallbackMessage, envelope.error ?? null, envelope.fields ?? {});
}

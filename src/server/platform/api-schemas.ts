import { z } from "zod";

/** A successful answer's envelope around its data, as routes declare it for serialisation and the OpenAPI document. */
export const envelope = <Data extends z.ZodType>(data: Data) =>
  z.object({ success: z.literal(true), data, message: z.string().nullable(), error: z.null() });

/** The answer of a route that has nothing to return but its message. */
export const emptyEnvelope = envelope(z.null());

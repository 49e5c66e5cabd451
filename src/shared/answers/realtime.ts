import { z } from "zod";

/** GET /api/presence: which of the people asked about have the portal open (their ids). */
export const presence = z.object({ online: z.array(z.string()) });
export type Presence = z.output<typeof presence>;

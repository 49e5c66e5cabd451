import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";

// Zod compiles validators with `new Function` when it may; the page's Content-Security-Policy
// forbids that (and reports the attempt), so browser forms validate without it.
z.config({ jitless: true });

/** react-hook-form validation with a shared zod schema, as the server validates the same input. */
export { zodResolver };

import { zodResolver } from "@hookform/resolvers/zod";

/**
 * react-hook-form validation with a shared zod schema, as the server validates the same input. (Zod runs without
 * `new Function` in the browser, which the Content-Security-Policy forbids: see entry-client.tsx.)
 */
export { zodResolver };

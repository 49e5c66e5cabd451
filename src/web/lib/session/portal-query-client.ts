import { apiRequest } from "../http/client";
import { apiPathOf } from "../query/api-query";
import { createQueryClient } from "../query/query-client";

/**
 * The portal's one query cache: loaded with the session (AuthProvider), never by a public page, and kept for the
 * life of the tab so that leaving the portal for a public page and coming back finds it as it was.
 */
export const portalQueryClient = createQueryClient(({ queryKey }) => apiRequest("GET", apiPathOf(queryKey)));
